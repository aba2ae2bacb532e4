/** What the set-up command prints: one line per thing it looked at, each new secret once, then what to do. */
import type { EndpointOutcome } from './apply-endpoints';
import type { PortalOutcome } from './apply-portal';

const ROLE_NAMES = { platform: 'Platform', connect: 'Connect' } as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const endpointLines = (outcome: EndpointOutcome): string[] => {
  const name = `${ROLE_NAMES[outcome.role]} webhook endpoint${outcome.id === null ? '' : ` ${outcome.id}`}`;
  const lines = [
    `${name}: ${outcome.action} (${plural(outcome.enabledEvents.length, 'event')}: ${outcome.enabledEvents.join(', ')}).`,
  ];
  if (outcome.secret !== undefined) {
    lines.push(`  Signing secret (Stripe shows it only now): ${outcome.secret}`);
    lines.push(`  It belongs in the Secrets Manager secret ${outcome.secretName}.`);
  }
  return lines;
};

export const portalLines = (outcome: PortalOutcome): string[] => {
  const name = `Billing portal configuration${outcome.id === null ? '' : ` ${outcome.id}`}`;
  const changed = outcome.differences.length === 0 ? '' : ` (${outcome.differences.join(', ')})`;
  const lines = [`${name}: ${outcome.action}${changed}.`];
  if (outcome.missingPrices.length > 0) {
    lines.push(
      `  The prices of ${outcome.missingPrices.join(', ')} do not exist yet; a real run creates them.`,
    );
  }
  return lines;
};

/** Printed once when this run made new secrets: the webhook function reads them within minutes, no deploy. */
export const secretsNextSteps = (outcomes: readonly EndpointOutcome[]): string[] =>
  outcomes.some((outcome) => outcome.secret !== undefined)
    ? [
        'Next: store each new signing secret under its name (aws secretsmanager create-secret --name <name>',
        '--secret-string <secret>, or put-secret-value --secret-id <name> if it exists). The webhook',
        'function reads secrets at run time and keeps them five minutes: no deploy is needed.',
      ]
    : [];
