/** The sign-up attempt notice with a fake user pool and mailer: who is mailed, and that it never throws. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '../lib/mail';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import type * as SignUpAttempt from './sign-up-attempt';
import { SIGN_UP_ATTEMPT_SUBJECT } from './sign-up-attempt-mail';

let tellHolderOfSignUpAttempt: typeof SignUpAttempt.tellHolderOfSignUpAttempt;

beforeAll(async () => {
  setUnitTestEnv({ APP_URL: 'https://shutterlane.example/', SUPPORT_EMAIL: 'support@shutterlane.example' });
  ({ tellHolderOfSignUpAttempt } = await import('./sign-up-attempt'));
});

function fakes(attributes: Partial<Record<string, string>> | Error) {
  const sent: OutgoingEmail[] = [];
  const looked: string[] = [];
  return {
    sent,
    looked,
    services: {
      pool: {
        adminGetUserAttributes: async (email: string) => {
          looked.push(email);
          if (attributes instanceof Error) throw attributes;
          return attributes;
        },
      },
      send: async (email: OutgoingEmail) => {
        sent.push(email);
        return 'message-id';
      },
    },
  };
}

describe('tellHolderOfSignUpAttempt', () => {
  it('mails the address the account holds, by the name it holds', async () => {
    const { sent, looked, services } = fakes({ email: 'Ada@Example.com', name: 'Ada' });
    await tellHolderOfSignUpAttempt('ada@example.com', services);
    expect(looked).toEqual(['ada@example.com']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'Ada@Example.com', subject: SIGN_UP_ATTEMPT_SUBJECT });
    expect(sent[0]?.text).toMatch(/^Hello Ada,/);
    expect(sent[0]?.text).toContain('support@shutterlane.example');
  });

  it('falls back to the typed address when the pool has none', async () => {
    const { sent, services } = fakes({});
    await tellHolderOfSignUpAttempt('ada@example.com', services);
    expect(sent[0]?.to).toBe('ada@example.com');
  });

  it('never throws: a failed look-up sends nothing and answers like a success', async () => {
    const { sent, services } = fakes(Object.assign(new Error('down'), { name: 'InternalErrorException' }));
    await expect(tellHolderOfSignUpAttempt('ada@example.com', services)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });
});
