/**
 * S16: 10,000 random order ids: all 404; the client is rate-limited before the end (WAF's rate rule in
 * AWS; the same rule applied by the local edge).
 *
 * The suites' stack runs with the rate limits raised (local/harness/global-stack.ts), so this test reads
 * the rules from the app synthesized with the production defaults, as a deployment's template holds them,
 * and puts a second edge with those rules in front of the same gateway (the origin-verify header from
 * the local Secrets Manager, as CloudFront's deploy-time reference resolves it). One client (this process)
 * asks for 10,000 well-formed random ids, each with a fresh human-check token.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { originVerifyEnv } from '../../functions/lib/env';
import { ORIGIN_VERIFY_HEADER } from '#shared/platform/origin-verify-header';
import { EDGE_RULES } from '../../infra/constructs/edge-rules';
import { RATE_LIMIT_DEFAULTS } from '../../infra/stacks/settings';
import { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { LOCAL_ACCOUNT, localDeploySettings, localPorts } from '@shutterlane/local-stack/config';
import { synthesizeLocally } from '@shutterlane/local-stack/deployment/synthesize';
import { startEdge, type Edge } from '@shutterlane/local-stack/edge/server';
import { edgeRulesOf } from '@shutterlane/local-stack/edge/template';
import type { RateRule } from '@shutterlane/local-stack/edge/waf-rules';
import { captchaToken, startTestStack, type TestStack } from '@shutterlane/harness/local-stack';
import { secretValue } from '@shutterlane/harness/secrets';

const GUESSES = 10_000;
/** Synthesizing the app once more takes up to a minute here; the guesses a minute or two more. */
const TIMEOUT_MS = 600_000;

let env: TestStack;
let edge: Edge;
let ordersRule: RateRule;

beforeAll(async () => {
  env = await startTestStack();
  // The production limits: the app as npm start synthesizes it, without the suites' raised limits.
  const assembly = await synthesizeLocally(localDeploySettings(localPorts()));
  const { rateRules } = edgeRulesOf(new TemplateResolver(assembly, LOCAL_ACCOUNT, () => undefined));
  ordersRule = rateRules.find((rule) => rule.name === EDGE_RULES.orders)!;
  edge = await startEdge({
    port: 0,
    origin: new URL(env.stack.urls.gateway).origin,
    originHeaders: { [ORIGIN_VERIFY_HEADER]: await secretValue(originVerifyEnv().ORIGIN_VERIFY_SECRET_ID) },
    rateRules,
  });
}, TIMEOUT_MS);
afterAll(async () => {
  await edge?.stop();
  await env?.stop();
});

const randomOrderId = () => randomBytes(16).toString('base64url');

describe('S16 10,000 random order ids', () => {
  it(
    'are all 404 until the template rule rate-limits the client, before the end',
    async () => {
      expect(ordersRule.limit).toBe(RATE_LIMIT_DEFAULTS.orders);
      expect(ordersRule.limit).toBeLessThan(GUESSES);
      const statuses: number[] = [];
      let firstBlock: { index: number; type: string | null; body: string } | undefined;
      for (let index = 0; index < GUESSES; index += 1) {
        const response = await fetch(`${edge.url}/api/public/orders/${randomOrderId()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
          }),
        });
        const body = await response.text();
        statuses.push(response.status);
        if (response.status === 404)
          expect(JSON.parse(body), String(index)).toEqual({ message: serverErrors.orderNotFound });
        if (response.status === 403 && !firstBlock)
          firstBlock = { index, type: response.headers.get('content-type'), body };
      }
      // Nothing but "not found" and the edge's refusal, never an order and never a server error.
      expect(new Set(statuses)).toEqual(new Set([404, 403]));
      // Refused by WAF's page (not the API's JSON 403) from the request after the limit on.
      expect(firstBlock).toMatchObject({ index: ordersRule.limit, type: 'text/html' });
      expect(firstBlock!.body).toContain('Request blocked');
      expect(statuses.slice(0, ordersRule.limit).every((status) => status === 404)).toBe(true);
      // Within the rule's five minutes every later guess is refused too.
      expect(statuses.slice(ordersRule.limit).filter((status) => status !== 403).length).toBe(0);
    },
    TIMEOUT_MS,
  );
});
