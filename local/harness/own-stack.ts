/**
 * A stack of a test file's own (throttles, failures, production parity...), on ports chosen free. A port
 * is chosen free and bound a moment later: when other workers' files run meanwhile, one of their thousands
 * of connections may take it first, so the stack starts again on other ports (startLocalStack stops what
 * it started when it fails).
 */
import { PortInUseError } from '@shutterlane/aws-standins/http/ports';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '@shutterlane/local-stack/stack';
import { freePorts } from './global-stack';

const PORT_ATTEMPTS = 3;

export async function startOwnStack(options: Omit<LocalStackOptions, 'ports'>): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStack({ ...options, ports: await freePorts() });
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}
