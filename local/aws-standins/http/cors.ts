import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Lets any origin call a local stand-in from the browser (the SPA runs on another local port, or on a
 * phone on the LAN). Only for stand-ins that hold nothing secret: the captcha stub, the content API.
 */
export function allowAnyOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'content-type',
  );
  res.setHeader('access-control-max-age', '600');
}
