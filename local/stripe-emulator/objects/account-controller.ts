/**
 * A connected account's `controller`: who pays Stripe's fees (`fees.payer`), who is liable for a
 * negative balance Stripe cannot recover (`losses.payments`), who collects requirements and which
 * Stripe-hosted dashboard the account has. Given on create (`controller[...]`) instead of `type`, or
 * derived from the type as Stripe sets it on typed accounts. The combinations refused are those Stripe's
 * API reference and changelog state (wording the emulator's own):
 * - `losses.payments=application` requires `fees.payer=application` (API reference, `controller.fees.payer`);
 * - the Express Dashboard with `fees.payer=account` requires `losses.payments=stripe` (changelog
 *   2026-06-24, Express accounts with Stripe-owned pricing);
 * - the Express Dashboard requires `requirement_collection=stripe` (changelog 2026-11-18);
 * - `requirement_collection=application` requires no Stripe-hosted dashboard (Custom-like accounts).
 */
import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import type { Params } from '../params';
import type { AccountType } from './types';

export type AccountController = Stripe.Account.Controller;

const FEE_PAYERS = ['account', 'application'] as const;
const LOSS_PAYERS = ['application', 'stripe'] as const;
const DASHBOARDS = ['express', 'full', 'none'] as const;
const REQUIREMENT_COLLECTORS = ['application', 'stripe'] as const;

/** What Stripe sets on accounts created with `type` (docs: "Migrate to controller properties"). */
const TYPED: Record<AccountType, Omit<AccountController, 'type' | 'is_controller'>> = {
  express: {
    fees: { payer: 'application_express' },
    losses: { payments: 'application' },
    requirement_collection: 'stripe',
    stripe_dashboard: { type: 'express' },
  },
  standard: {
    fees: { payer: 'account' },
    losses: { payments: 'stripe' },
    requirement_collection: 'stripe',
    stripe_dashboard: { type: 'full' },
  },
  custom: {
    fees: { payer: 'application_custom' },
    losses: { payments: 'application' },
    requirement_collection: 'application',
    stripe_dashboard: { type: 'none' },
  },
};

const controlled = (settings: Omit<AccountController, 'type' | 'is_controller'>): AccountController => ({
  type: 'application',
  is_controller: true,
  ...settings,
});

export const typedController = (type: AccountType): AccountController => controlled(TYPED[type]);

/** The refusals above, first one first. */
function refusal(controller: AccountController): { message: string; param: string } | undefined {
  const payer = controller.fees?.payer;
  const losses = controller.losses?.payments;
  const dashboard = controller.stripe_dashboard?.type;
  if (losses === 'application' && payer !== 'application')
    return {
      message: '`controller[losses][payments]=application` requires `controller[fees][payer]=application`.',
      param: 'controller[fees][payer]',
    };
  if (dashboard === 'express' && payer === 'account' && losses !== 'stripe')
    return {
      message:
        'Accounts with the Express Dashboard and `controller[fees][payer]=account` require `controller[losses][payments]=stripe`.',
      param: 'controller[losses][payments]',
    };
  if (dashboard === 'express' && controller.requirement_collection !== 'stripe')
    return {
      message: 'Accounts with the Express Dashboard require `controller[requirement_collection]=stripe`.',
      param: 'controller[requirement_collection]',
    };
  if (controller.requirement_collection === 'application' && dashboard !== 'none')
    return {
      message:
        '`controller[requirement_collection]=application` requires `controller[stripe_dashboard][type]=none`.',
      param: 'controller[stripe_dashboard][type]',
    };
  return undefined;
}

/**
 * The controller an account create asks for, with Stripe's defaults (fees paid by the account, losses by
 * Stripe, requirements collected by Stripe, the full Dashboard); undefined when the create gives `type`.
 */
export function readController(params: Params): AccountController | undefined {
  const given = params.optionalObject('controller');
  if (given === undefined) return undefined;
  if (params.has('type'))
    throw invalidRequest('You cannot specify both `type` and `controller` when creating an account.', 'type');
  const settings = {
    fees: { payer: given.optionalObject('fees')?.optionalEnum('payer', FEE_PAYERS) ?? 'account' },
    losses: { payments: given.optionalObject('losses')?.optionalEnum('payments', LOSS_PAYERS) ?? 'stripe' },
    requirement_collection: given.optionalEnum('requirement_collection', REQUIREMENT_COLLECTORS) ?? 'stripe',
    stripe_dashboard: {
      type: given.optionalObject('stripe_dashboard')?.optionalEnum('type', DASHBOARDS) ?? 'full',
    },
  };
  const controller = controlled(settings);
  const refused = refusal(controller);
  if (refused) throw invalidRequest(refused.message, refused.param);
  return controller;
}

/** The legacy type a controller amounts to, or `none` (Stripe's `type` for accounts made by controller). */
export function typeOfController(controller: AccountController): AccountType | 'none' {
  const same = (type: AccountType) => JSON.stringify(typedController(type)) === JSON.stringify(controller);
  return (['express', 'standard', 'custom'] as const).find(same) ?? 'none';
}

/** Whether Stripe gives the account the Express Dashboard (login links work only for those). */
export const hasExpressDashboard = (controller: AccountController): boolean =>
  controller.stripe_dashboard?.type === 'express';
