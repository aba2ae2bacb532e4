import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { customEmail, withCustomEmail } from './custom-message';

const event = (triggerSource: string): CustomMessageTriggerEvent =>
  ({
    version: '1',
    region: 'eu-west-2',
    userPoolId: 'pool',
    userName: 'sub-1',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'a+b@example.com', name: 'Ada' },
      codeParameter: '{####}',
      linkParameter: '{##Click##}',
      usernameParameter: '{username}',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as CustomMessageTriggerEvent;

describe('custom message', () => {
  it('links sign-up and resend emails to /verify with the code placeholder and the encoded email', () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode']) {
      const mail = customEmail(event(source), 'https://app.test')!;
      expect(mail.html).toContain('href="https://app.test/verify?email=a%2Bb%40example.com&code={####}"');
    }
  });

  it('links an administrator-created account to the setup page, the code last', () => {
    const mail = customEmail(event('CustomMessage_AdminCreateUser'), 'https://app.test')!;
    expect(mail.subject).toBe('Set up your Shutterlane account');
    expect(mail.html).toContain('https://app.test/account-setup?email=a%2Bb%40example.com&code={####}');
    // Cognito refuses to create the user when this message lacks the username placeholder.
    expect(mail.html).toContain('{username}');
  });

  it("words a team invitation with the business and the role, the business's name escaped", () => {
    const invite = event('CustomMessage_AdminCreateUser');
    invite.request.clientMetadata = { teamBusiness: 'Ada & <Co>', teamRole: 'Photographer' };
    const mail = customEmail(invite, 'https://app.test')!;
    expect(mail.subject).toBe('Join Ada & <Co> on Shutterlane');
    expect(mail.html).toContain(
      'Ada &amp; &lt;Co&gt; invited you to their team on Shutterlane as a Photographer.',
    );
    expect(mail.html).toContain('https://app.test/account-setup?email=a%2Bb%40example.com&code={####}');
    expect(mail.html).toContain('{username}');
  });

  it('gives the reset code and a link to the reset page', () => {
    const mail = customEmail(event('CustomMessage_ForgotPassword'), 'https://app.test')!;
    expect(mail.html).toContain('<strong>{####}</strong>');
    expect(mail.html).toContain('/reset-password?email=a%2Bb%40example.com&code={####}');
  });

  it("keeps Cognito's wording for other messages", () => {
    const untouched = event('CustomMessage_Authentication');
    expect(withCustomEmail(untouched, 'https://app.test')).toBe(untouched);
  });
});
