/**
 * The set-up command's settings from the environment, checked like the functions' (functions/lib/env.ts),
 * and a Stripe client made as the functions make theirs: STRIPE_API_URL points it elsewhere (the local
 * emulator), otherwise it talks to api.stripe.com.
 */
import Stripe from 'stripe';
import * as z from 'zod/mini';

const setupEnvironmentSchema = z.object({
  STRIPE_SECRET_KEY: z.string().check(z.minLength(1)),
  STRIPE_API_URL: z.optional(z.url()),
});

export type SetupEnvironment = z.infer<typeof setupEnvironmentSchema>;

export const readSetupEnvironment = (env: Readonly<Record<string, string | undefined>>): SetupEnvironment => {
  const result = setupEnvironmentSchema.safeParse(env);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
  throw new Error(`Invalid Stripe set-up configuration in the environment: ${fields}`);
};

/** Live keys change the live account; test (and restricted test) keys the test mode. */
export const stripeMode = (secretKey: string): 'live' | 'test' =>
  /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';

export const stripeClient = ({ STRIPE_SECRET_KEY, STRIPE_API_URL }: SetupEnvironment): Stripe => {
  const api = STRIPE_API_URL === undefined ? undefined : new URL(STRIPE_API_URL);
  return new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
};
