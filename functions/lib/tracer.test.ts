import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('@aws-lambda-powertools/tracer', () => {
  calls.push('tracer imported');
  return { Tracer: class {} };
});
vi.mock('@aws-lambda-powertools/tracer/middleware', () => ({
  captureLambdaHandler: () => ({
    before: () => void calls.push('segment opened'),
    after: () => void calls.push('segment closed'),
    onError: () => void calls.push('segment closed on error'),
  }),
}));

afterEach(() => {
  calls.length = 0;
  vi.unstubAllEnvs();
  vi.resetModules();
});

const request = () => ({ event: {}, context: {}, response: undefined, error: undefined, internal: {} });

describe('observability', () => {
  it('neither imports the Tracer nor adds its middleware where no X-Ray daemon runs', async () => {
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', undefined);
    const { observability } = await import('./tracer');
    expect(observability()).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('traces the handler where Lambda runs the daemon, importing the Tracer on first use', async () => {
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', '169.254.79.129:2000');
    const { observability } = await import('./tracer');
    const middlewares = observability();
    expect(middlewares).toHaveLength(3);
    expect(calls).toEqual([]);
    const tracing = middlewares[1]!;
    await tracing.before!(request() as never);
    await tracing.after!(request() as never);
    await tracing.onError!(request() as never);
    expect(calls).toEqual(['tracer imported', 'segment opened', 'segment closed', 'segment closed on error']);
  });
});
