import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError, closeServer, listenOn } from './ports';

const servers: http.Server[] = [];
const newServer = () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  servers.push(server);
  return server;
};

afterEach(async () => {
  await Promise.all(servers.splice(0).map(closeServer));
});

describe('listenOn', () => {
  it('resolves to the random port it got for port 0', async () => {
    const port = await listenOn(newServer(), 0, 'Test', 'TEST_PORT');
    expect(port).toBeGreaterThan(0);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('ok');
  });

  it('rejects a taken port with a one-line PortInUseError naming the variable to set', async () => {
    const port = await listenOn(newServer(), 0, 'Test', 'TEST_PORT');
    const error: unknown = await listenOn(newServer(), port, 'DynamoDB', 'DYNAMO_PORT').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as PortInUseError).message).toBe(
      `Port ${port} for DynamoDB is already in use: stop the other process or set DYNAMO_PORT`,
    );
    expect((error as PortInUseError).message).not.toContain('\n');
  });
});

describe('closeServer', () => {
  it('closes although a client holds a keep-alive connection', async () => {
    const server = newServer();
    // Without destroying the idle socket, close() would wait out this timeout and the test's.
    server.keepAliveTimeout = 60_000;
    const port = await listenOn(server, 0, 'Test', 'TEST_PORT');
    const agent = new http.Agent({ keepAlive: true });
    await new Promise((resolve) => http.get({ port, agent }, (res) => res.resume().on('end', resolve)));
    await closeServer(server);
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('resolves at once for a server that is not listening', async () => {
    await expect(closeServer(newServer())).resolves.toBeUndefined();
  });
});
