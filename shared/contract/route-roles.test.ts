/** The team's role matrix, as the route table declares it (each seller route's least role). */
import { describe, expect, it } from 'vitest';
import { roleAllows, TEAM_ROLES, type TeamRole } from '../rules/team-roles';
import { route } from './route-def';
import { minRoleOf, routes, type RouteName } from './routes';

const names = Object.keys(routes) as RouteName[];
const sellerRoutes = names.filter((name) => routes[name].caller === 'seller');
const allowedTo = (role: TeamRole) =>
  sellerRoutes.filter((name) => roleAllows(role, minRoleOf(name)!)).sort();

describe('each seller route names its least role', () => {
  it('every seller route has one, and no other route', () => {
    for (const name of names)
      expect(minRoleOf(name) !== undefined, name).toBe(routes[name].caller === 'seller');
  });

  it('a seller route without a role, or another route with one, does not build', () => {
    const seller = {
      method: 'GET',
      path: '/x',
      caller: 'seller',
      group: 'users',
      errors: [],
      response: null,
    } as const;
    // @ts-expect-error: a seller route must name its minRole.
    expect(() => route(seller)).toThrow('names its minRole');
    // @ts-expect-error: only a seller route names one.
    expect(() => route({ ...seller, caller: 'public', minRole: 'owner' })).toThrow('names its minRole');
  });
});

describe('the role matrix', () => {
  it('keeps plans and billing, payouts, the profile and the team to the owner', () => {
    const ownerOnly = sellerRoutes.filter((name) => minRoleOf(name) === 'owner').sort();
    expect(ownerOnly).toEqual(
      [
        'billingPortal',
        'subscriptionCheckout',
        'pricingTableReference',
        'connectOnboarding',
        'connectStatus',
        'updateProfile',
        'listMembers',
        'inviteMember',
        'changeMemberRole',
        'removeMember',
      ].sort(),
    );
  });

  it('lets a photographer create galleries, upload, and see their photos and processing, and nothing else', () => {
    expect(allowedTo('photographer')).toEqual(
      [
        'currentUser',
        'listGalleries',
        'createGallery',
        'getGallery',
        'galleryThumbnails',
        'photoDownload',
        'createUploads',
        'deletePhoto',
        'retryPhoto',
        'startMultipartUpload',
        'multipartProgress',
        'signMultipartParts',
        'completeMultipartUpload',
        'abortMultipartUpload',
      ].sort(),
    );
  });

  it('gives a manager every gallery, orders, public galleries and prices, but no owner route', () => {
    const manager = allowedTo('manager');
    for (const name of [
      'createOrder',
      'listOrders',
      'cancelOrder',
      'publishGallery',
      'deleteGallery',
    ] as const)
      expect(manager).toContain(name);
    expect(manager.filter((name) => minRoleOf(name) === 'owner')).toEqual([]);
    expect(allowedTo('owner')).toEqual([...sellerRoutes].sort());
  });

  it('orders the roles: each admits what the one below it does', () => {
    for (const [i, role] of TEAM_ROLES.entries())
      for (const lower of TEAM_ROLES.slice(0, i)) expect(roleAllows(role, lower)).toBe(true);
    expect(roleAllows('photographer', 'manager')).toBe(false);
  });
});
