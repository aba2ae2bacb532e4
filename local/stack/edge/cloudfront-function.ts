/**
 * A CloudFront Function (JavaScript 2.0 runtime) run as CloudFront runs a viewer-request function: the
 * template's code, in a context of its own with nothing of Node's, given CloudFront's event (version 1.0)
 * and answering either the request to go on with or a response to send at once.
 */
import vm from 'node:vm';

export interface ViewerRequest {
  method: string;
  uri: string;
  querystring: string;
  clientIp: string;
}

export type ViewerRequestOutcome =
  { kind: 'request'; uri: string } | { kind: 'response'; statusCode: number; statusDescription: string };

type Handler = (event: unknown) => unknown;

export function viewerRequestFunction(code: string): (request: ViewerRequest) => ViewerRequestOutcome {
  const context = vm.createContext({});
  const handler = new vm.Script(`${code}\n;handler`).runInContext(context) as Handler;
  if (typeof handler !== 'function') throw new Error('A CloudFront Function must define handler(event)');
  return (request) => {
    const event = {
      version: '1.0',
      context: { eventType: 'viewer-request' },
      viewer: { ip: request.clientIp },
      request: {
        method: request.method,
        uri: request.uri,
        querystring: Object.fromEntries(
          [...new URLSearchParams(request.querystring)].map(([name, value]) => [name, { value }]),
        ),
        headers: {},
        cookies: {},
      },
    };
    const result = handler(event) as { statusCode?: number; statusDescription?: string; uri?: string };
    if (typeof result?.statusCode === 'number')
      return {
        kind: 'response',
        statusCode: result.statusCode,
        statusDescription: result.statusDescription ?? '',
      };
    return { kind: 'request', uri: typeof result?.uri === 'string' ? result.uri : request.uri };
  };
}
