import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { REQUIRED_FUNCTIONS, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';
import { REFRESH_TOKEN_DAYS } from '../../infra/stacks/auth-stack';

let stacks: ShutterlaneStacks;
let auth: Template;

beforeAll(() => {
  stacks = synthesize();
  auth = templateOf(stacks.auth);
}, SYNTH_TIMEOUT_MS);

describe('seller user pool', () => {
  it('signs in by email with self sign-up, verified email and the 8-character rule', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
    });
  });

  it('verifies by link when asked', () => {
    const linked = templateOf(synthesize({ context: { verificationStyle: 'link' } }).auth);
    linked.hasResourceProperties('AWS::Cognito::UserPool', {
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_LINK' }),
    });
  });

  it('has a public web client with SRP, the server-side admin flow and refresh (no plain password in browsers), and the hosted-UI code grant', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayEquals(['email', 'openid', 'phone', 'aws.cognito.signin.user.admin']),
      CallbackURLs: ['https://shutterlane.com/auth-callback', 'https://shutterlane.com/callback'],
      LogoutURLs: ['https://shutterlane.com/signout'],
      RefreshTokenValidity: REFRESH_TOKEN_DAYS * 24 * 60,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      TokenValidityUnits: { RefreshToken: 'minutes', AccessToken: 'minutes', IdToken: 'minutes' },
    });
    expect(REFRESH_TOKEN_DAYS).toBe(7);
  });

  it('has a hosted-UI domain without a fixed prefix', () => {
    const [domain] = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPoolDomain'));
    expect(JSON.stringify(domain!.Properties!.Domain)).toContain('AWS::StackId');
  });

  it('adds the custom-message trigger only once functions/auth-triggers exists', () => {
    expect(resourcesOf(auth, 'AWS::Lambda::Function')).toEqual({});
    const withTrigger = templateOf(synthesize({ functions: [...REQUIRED_FUNCTIONS, 'auth-triggers'] }).auth);
    withTrigger.resourceCountIs('AWS::Lambda::Function', 1);
    withTrigger.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: Match.anyValue(), PreSignUp: Match.anyValue() },
    });
  });
});
