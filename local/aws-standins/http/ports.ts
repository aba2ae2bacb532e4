/**
 * Listening and closing helpers shared by the local stand-ins.
 *
 * - `listenOn(server, port, name, envVar, host?)` resolves to the bound port (pass 0 for a free
 *   random port) and turns EADDRINUSE into a `PortInUseError` whose message is one line that says
 *   what to do, so `npm start` can print it as is.
 * - `closeServer(server)` stops listening and destroys idle keep-alive sockets, which otherwise
 *   hold `server.close()` open for seconds.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The port a stand-in wants is taken by another process. */
export class PortInUseError extends Error {
  readonly port: number;
  readonly serviceName: string;
  readonly envVar: string;

  constructor(port: number, serviceName: string, envVar: string) {
    super(`Port ${port} for ${serviceName} is already in use: stop the other process or set ${envVar}`);
    this.name = 'PortInUseError';
    this.port = port;
    this.serviceName = serviceName;
    this.envVar = envVar;
  }
}

const isErrnoException = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && 'code' in error;

/**
 * Starts `server` listening on `port` (0 = a free random port) and resolves to the actual port.
 * `name` (e.g. "DynamoDB") and `envVar` (e.g. "DYNAMO_PORT") only shape the error message.
 * Without `host` the server listens on all interfaces, so a phone on the LAN can reach it.
 */
export function listenOn(
  server: Server,
  port: number,
  name: string,
  envVar: string,
  host?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: unknown) => {
      server.off('listening', onListening);
      if (isErrnoException(error) && error.code === 'EADDRINUSE') {
        reject(new PortInUseError(port, name, envVar));
      } else {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    if (host === undefined) server.listen(port);
    else server.listen(port, host);
  });
}

/** Stops `server` and destroys its open connections; resolves once it is closed. */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Idle keep-alive sockets (SDK clients keep them) would delay 'close' by seconds.
    server.closeAllConnections();
  });
}
