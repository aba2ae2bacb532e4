import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const consumeSignUpGrant = vi.fn<(token: string, email: string) => Promise<boolean>>();
vi.mock('../domains/sellers/invite-store', () => ({ consumeSignUpGrant }));
const { checkSignUp, SIGN_UP_REFUSED } = await import('./pre-sign-up');

const event = (triggerSource: string, clientMetadata?: Record<string, string>) =>
  ({
    triggerSource,
    request: { userAttributes: { email: 'a@example.com' }, ...(clientMetadata && { clientMetadata }) },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }) as unknown as PreSignUpTriggerEvent;

beforeEach(() => consumeSignUpGrant.mockReset());

describe('PreSignUp', () => {
  it('accepts a sign-up carrying a grant the repository consumes for that email', async () => {
    consumeSignUpGrant.mockResolvedValue(true);
    await expect(checkSignUp(event('PreSignUp_SignUp', { signUpGrant: 'g1' }))).resolves.toBeTruthy();
    expect(consumeSignUpGrant).toHaveBeenCalledWith('g1', 'a@example.com');
  });

  it('refuses a direct sign-up without a grant, or with a used one', async () => {
    await expect(checkSignUp(event('PreSignUp_SignUp'))).rejects.toThrow(SIGN_UP_REFUSED);
    consumeSignUpGrant.mockResolvedValue(false);
    await expect(checkSignUp(event('PreSignUp_SignUp', { signUpGrant: 'used' }))).rejects.toThrow(
      SIGN_UP_REFUSED,
    );
  });

  it('lets administrator-created users through and refuses external providers', async () => {
    await expect(checkSignUp(event('PreSignUp_AdminCreateUser'))).resolves.toBeTruthy();
    await expect(checkSignUp(event('PreSignUp_ExternalProvider', { signUpGrant: 'g' }))).rejects.toThrow();
  });
});
