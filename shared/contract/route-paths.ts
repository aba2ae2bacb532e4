/**
 * Where the API is served and how its routes' paths are read and written. Imports nothing, so the
 * SPA, the local gateway and the CDK app can use it without the route table's zod schemas.
 */

/**
 * The path prefix every API route is served under, in every environment: API Gateway's stage of the
 * same name, the `/api/*` behaviour CloudFront forwards to it unchanged, and the dev server's proxy.
 */
export const API_BASE = '/api';

/** A route's address: enough to call it or to match a request against it. */
export interface RouteAddress {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: `/${string}`;
}

/** API Gateway's route key, e.g. `POST /public/orders/{orderId}` (the event's `routeKey`). */
export const routeKey = (route: RouteAddress): string => `${route.method} ${route.path}`;

/** The `{name}` placeholders of a route path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** Fills `{name}` placeholders of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a route path template; returns its parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    try {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    } catch {
      params[name] = match[i + 1] ?? '';
    }
  });
  return params;
}
