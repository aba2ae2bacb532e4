/**
 * The account `controller` on create: Stripe's defaults, the combinations Stripe documents as refused,
 * and the type an account made with it reports.
 */
import { describe, expect, it } from 'vitest';
import { StripeApiError } from '../errors';
import { parseFormBody } from '../form-body';
import { Params } from '../params';
import { hasExpressDashboard, readController, typedController, typeOfController } from './account-controller';

const controllerOf = (body: string) => readController(new Params(parseFormBody(body)));

const refusal = (body: string) => {
  try {
    controllerOf(body);
  } catch (error) {
    if (error instanceof StripeApiError) return { param: error.param, status: error.status };
    throw error;
  }
  throw new Error(`expected ${body} to be refused`);
};

const ours =
  'controller[fees][payer]=account&controller[losses][payments]=stripe' +
  '&controller[requirement_collection]=stripe&controller[stripe_dashboard][type]=express';

describe('controller on create', () => {
  it('takes the configuration the sellers get, an account of no legacy type with the Express Dashboard', () => {
    const controller = controllerOf(ours)!;
    expect(controller).toEqual({
      type: 'application',
      is_controller: true,
      fees: { payer: 'account' },
      losses: { payments: 'stripe' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
    });
    expect(typeOfController(controller)).toBe('none');
    expect(hasExpressDashboard(controller)).toBe(true);
  });

  it("fills in Stripe's defaults: fees on the account, losses on Stripe, the full Dashboard", () => {
    const controller = controllerOf('controller[stripe_dashboard][type]=full')!;
    expect(controller).toMatchObject({
      fees: { payer: 'account' },
      losses: { payments: 'stripe' },
      requirement_collection: 'stripe',
    });
    expect(typeOfController(controller)).toBe('standard');
    expect(controllerOf('email=a@b.co')).toBeUndefined();
  });

  it.each([
    [
      'losses on the platform while the account pays fees',
      'controller[losses][payments]=application',
      'controller[fees][payer]',
    ],
    [
      'the Express Dashboard, fees on the account, losses on the platform',
      'controller[fees][payer]=account&controller[losses][payments]=application&controller[stripe_dashboard][type]=express',
      'controller[fees][payer]',
    ],
    [
      'the Express Dashboard with requirements collected by the platform',
      'controller[fees][payer]=application&controller[losses][payments]=application&controller[requirement_collection]=application&controller[stripe_dashboard][type]=express',
      'controller[requirement_collection]',
    ],
    [
      'requirements collected by the platform with the full Dashboard',
      'controller[fees][payer]=application&controller[losses][payments]=application&controller[requirement_collection]=application',
      'controller[stripe_dashboard][type]',
    ],
    [
      'a fee payer Stripe does not take on create',
      'controller[fees][payer]=application_express',
      'controller[fees][payer]',
    ],
    ['both a type and a controller', `type=express&${ours}`, 'type'],
  ])('refuses %s', (_, body, param) => {
    expect(refusal(body)).toEqual({ param, status: 400 });
  });

  it('accepts what Stripe allows with platform liability: platform fees and losses, with any dashboard', () => {
    const platform = 'controller[fees][payer]=application&controller[losses][payments]=application';
    expect(controllerOf(`${platform}&controller[stripe_dashboard][type]=express`)?.losses).toEqual({
      payments: 'application',
    });
    expect(
      typeOfController(
        controllerOf(
          `${platform}&controller[requirement_collection]=application&controller[stripe_dashboard][type]=none`,
        )!,
      ),
    ).toBe('none');
  });

  it('gives typed accounts what Stripe sets on them', () => {
    expect(typedController('express')).toMatchObject({
      fees: { payer: 'application_express' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    });
    expect(hasExpressDashboard(typedController('standard'))).toBe(false);
  });
});
