/**
 * For tests of the edge's address rules: a request from a chosen loopback address (Linux answers all of
 * 127.0.0.0/8 on the loopback), which fetch cannot choose.
 */
import http from 'node:http';

export interface LoopbackRequest {
  localAddress: string;
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string;
}

export const requestFrom = (url: string, request: LoopbackRequest) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: request.method ?? 'POST', localAddress: request.localAddress, headers: request.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
