/**
 * Billing portal configurations (`/v1/billing_portal/configurations`): what a portal session lets the
 * customer do (see portal-features.ts), the business profile and links it shows, and where it returns.
 * Configurations made through the API are never the default (`is_default: false`): the default is the
 * Dashboard's (portal-default.ts), so a session uses one of these only when it names it. The hosted
 * login page (`login_page`) is not emulated: its `url` stays null.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import {
  PORTAL_SETTINGS_NOT_SAVED,
  dashboardConfiguration,
  dashboardConfigurationIsReadOnly,
  isDashboardConfiguration,
} from './portal-default';
import { defaultFeatures, readFeatures } from './portal-features';
import type { PortalConfiguration } from './types';
import { requireUrl } from './validate';

const OBJECT_NAME = 'configuration';
const MAX_HEADLINE = 60;

/** An Emptyable string: given empty clears it (null), absent keeps `current`. */
const emptyable = (params: Params, key: string, current: string | null): string | null =>
  params.keys().includes(key) ? (params.optionalString(key) ?? null) : current;

const emptyableUrl = (params: Params, key: string, current: string | null): string | null => {
  const value = emptyable(params, key, current);
  return value === null || value === current ? value : requireUrl(value, params.name(key));
};

const readBusinessProfile = (params: Params, current: PortalConfiguration['business_profile']) => {
  const profile = params.optionalObject('business_profile');
  if (profile === undefined) return current;
  const headline = emptyable(profile, 'headline', current.headline);
  if (headline !== null && headline.length > MAX_HEADLINE) {
    throw invalidRequest(`The headline can have up to ${MAX_HEADLINE} characters.`, profile.name('headline'));
  }
  return {
    headline,
    privacy_policy_url: emptyableUrl(profile, 'privacy_policy_url', current.privacy_policy_url),
    terms_of_service_url: emptyableUrl(profile, 'terms_of_service_url', current.terms_of_service_url),
  };
};

const readLoginPage = (params: Params, current: PortalConfiguration['login_page']) => {
  const loginPage = params.optionalObject('login_page');
  if (loginPage === undefined) return current;
  const enabled = loginPage.optionalBoolean('enabled');
  if (enabled === undefined)
    throw invalidRequest('Missing required param: login_page[enabled].', 'login_page[enabled]');
  return { enabled, url: null };
};

const EMPTY_PROFILE: PortalConfiguration['business_profile'] = {
  headline: null,
  privacy_policy_url: null,
  terms_of_service_url: null,
};

export const createPortalConfiguration = (ctx: EmulatorContext, params: Params): PortalConfiguration => {
  const now = unixNow();
  const configuration: PortalConfiguration = {
    id: newId('portalConfiguration'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: readBusinessProfile(params, EMPTY_PROFILE),
    created: now,
    default_return_url: emptyableUrl(params, 'default_return_url', null),
    features: readFeatures(ctx, params.object('features'), defaultFeatures(), true),
    is_default: false,
    livemode: false,
    login_page: readLoginPage(params, { enabled: false, url: null }),
    metadata: params.metadata(),
    name: emptyable(params, 'name', null),
    updated: now,
  };
  params.ignore('expand');
  params.assertNoUnknown();
  ctx.state.portalConfigurations[configuration.id] = configuration;
  ctx.store.changed();
  return configuration;
};

export const findPortalConfiguration = (
  ctx: EmulatorContext,
  id: string,
  param = 'id',
): PortalConfiguration => {
  const found = isDashboardConfiguration(ctx, id)
    ? dashboardConfiguration(ctx)
    : ctx.state.portalConfigurations[id];
  if (found === undefined) throw resourceMissing(OBJECT_NAME, id, param);
  return found;
};

export const updatePortalConfiguration = (
  ctx: EmulatorContext,
  id: string,
  params: Params,
): PortalConfiguration => {
  if (isDashboardConfiguration(ctx, id)) throw dashboardConfigurationIsReadOnly(id);
  const current = findPortalConfiguration(ctx, id);
  const features = params.optionalObject('features');
  const updated: PortalConfiguration = {
    ...current,
    active: params.optionalBoolean('active') ?? current.active,
    business_profile: readBusinessProfile(params, current.business_profile),
    default_return_url: emptyableUrl(params, 'default_return_url', current.default_return_url),
    features:
      features === undefined ? current.features : readFeatures(ctx, features, current.features, false),
    login_page: readLoginPage(params, current.login_page),
    metadata: params.updatedMetadata(current.metadata),
    name: emptyable(params, 'name', current.name),
    updated: unixNow(),
  };
  params.ignore('expand');
  params.assertNoUnknown();
  ctx.state.portalConfigurations[id] = updated;
  ctx.store.changed();
  return updated;
};

/** Newest first (the default, made before any through the API, last); `active` and `is_default` filter. */
export const listPortalConfigurations = (ctx: EmulatorContext, params: Params): PortalConfiguration[] => {
  const active = params.optionalBoolean('active');
  const isDefault = params.optionalBoolean('is_default');
  params.ignore('expand');
  const dashboard = dashboardConfiguration(ctx);
  return [...Object.values(ctx.state.portalConfigurations).reverse(), ...(dashboard ? [dashboard] : [])]
    .filter((configuration) => active === undefined || configuration.active === active)
    .filter((configuration) => isDefault === undefined || configuration.is_default === isDefault);
};

/** The configuration a portal session follows: the one it names (which must be active), else the default. */
export const sessionConfiguration = (ctx: EmulatorContext, id: string | undefined): PortalConfiguration => {
  if (id === undefined) {
    const dashboard = dashboardConfiguration(ctx);
    if (dashboard === undefined) throw invalidRequest(PORTAL_SETTINGS_NOT_SAVED);
    return dashboard;
  }
  const configuration = findPortalConfiguration(ctx, id, 'configuration');
  if (!configuration.active) {
    throw invalidRequest(`The configuration ${id} is not active.`, 'configuration');
  }
  return configuration;
};
