/** A minimal method + path router: patterns like `/v1/accounts/:id/login_links`. */
export interface RouteMatch<H> {
  handler: H;
  pathParams: Record<string, string>;
}

interface Route<H> {
  method: string;
  segments: string[];
  handler: H;
}

const split = (path: string) => path.split('/').filter((segment) => segment !== '');

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, segments: split(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> | undefined {
    const segments = split(path);
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const pathParams = matchSegments(route.segments, segments);
      if (pathParams !== undefined) return { handler: route.handler, pathParams };
    }
    return undefined;
  }
}

const matchSegments = (pattern: string[], actual: string[]): Record<string, string> | undefined => {
  const pathParams: Record<string, string> = {};
  for (const [index, expected] of pattern.entries()) {
    const segment = actual[index] ?? '';
    if (expected.startsWith(':')) {
      try {
        pathParams[expected.slice(1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (expected !== segment) {
      return undefined;
    }
  }
  return pathParams;
};
