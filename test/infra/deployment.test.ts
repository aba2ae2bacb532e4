/**
 * What a fresh AWS account needs from the templates: required settings stop a
 * synthesis clearly, every optional one synthesizes, cross-stack references are strong, mail may be
 * sent where SES checks it, and the first invitation can be minted from a stack output.
 */
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from 'aws-cdk-lib';
import { readSettings } from '../../infra/stacks/settings';
import type { ShutterlaneStacks } from '../../infra/stacks/shutterlane';
import { REQUIRED_CONTEXT, resourcesOf, synthesize, SYNTH_TIMEOUT_MS, templateOf } from './fixture';

const EVERY_OPTIONAL_SETTING = {
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
  supportEmail: 'help@photos.example.org',
  captchaMinScore: '0.7',
  authDomainPrefix: 'photos-example',
  cognitoEmailFrom: 'accounts@photos.example.org',
  sesRegion: 'eu-west-1',
  verificationStyle: 'link',
  stripeSecretKeyName: 'photos/stripe-key',
  stripeWebhookSecretName: 'photos/stripe-webhook',
  stripeConnectWebhookSecretName: 'photos/stripe-connect-webhook',
  captchaSecretName: 'photos/captcha',
  pagingTokenSecretName: 'photos/paging',
};

let stacks: ShutterlaneStacks;
beforeAll(() => {
  stacks = synthesize();
}, SYNTH_TIMEOUT_MS);

const templatesOf = (all: ShutterlaneStacks): Stack[] => [all.data, all.auth, all.api, all.media, all.site];

describe('settings', () => {
  it('stops with a clear message when a required setting is missing', () => {
    const settingsOf = (context: Record<string, string>) => () => readSettings(new App({ context }).node);
    expect(settingsOf({ mailFrom: REQUIRED_CONTEXT.mailFrom })).toThrow(
      /Missing setting "siteDomain".*-c siteDomain=\.\.\. or set SHUTTERLANE_SITE_DOMAIN/,
    );
    expect(settingsOf({ siteDomain: 'photos.example.org' })).toThrow(/Missing setting "mailFrom"/);
    expect(settingsOf({ ...REQUIRED_CONTEXT, mailFrom: 'not an address' })).toThrow(/mailFrom must be/);
    expect(settingsOf({ ...REQUIRED_CONTEXT, siteDomain: 'https://x.example/path' })).toThrow(
      /siteDomain must be a host name/,
    );
  });

  it('serves https on a real domain, http only on a loopback host', () => {
    const urlOf = (siteDomain: string) =>
      readSettings(new App({ context: { ...REQUIRED_CONTEXT, siteDomain } }).node).siteUrl;
    expect(urlOf('photos.example.org')).toBe('https://photos.example.org');
    expect(urlOf('localhost:5173')).toBe('http://localhost:5173');
  });

  it(
    'synthesizes with every optional setting set',
    () => {
      const all = synthesize({ context: { siteDomain: 'photos.example.org', ...EVERY_OPTIONAL_SETTING } });
      templateOf(all.auth).hasResourceProperties('AWS::Cognito::UserPool', {
        EmailConfiguration: {
          EmailSendingAccount: 'DEVELOPER',
          From: 'Shutterlane <accounts@photos.example.org>',
          SourceArn: {
            'Fn::Join': [
              '',
              [
                'arn:',
                { Ref: 'AWS::Partition' },
                ':ses:eu-west-1:',
                { Ref: 'AWS::AccountId' },
                ':identity/photos.example.org',
              ],
            ],
          },
        },
      });
      const distribution = Object.values(
        resourcesOf(templateOf(all.site), 'AWS::CloudFront::Distribution'),
      )[0]!;
      expect(JSON.stringify(distribution.Properties)).toContain('photos.example.org');
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe('cross-stack references', () => {
  it('are strong: exports and imports, so a producer cannot be replaced under its consumers', () => {
    const all = templatesOf(stacks).map((stack) => JSON.stringify(templateOf(stack).toJSON()));
    for (const text of all) expect(text).not.toContain('Fn::GetStackOutput');
    const api = JSON.stringify(templateOf(stacks.api).toJSON());
    expect(api).toContain('"Fn::ImportValue":"Shutterlane-Data:ExportsOutput');
    expect(api).toContain('"Fn::ImportValue":"Shutterlane-Auth:ExportsOutput');
    const data = templateOf(stacks.data).toJSON() as { Outputs: Record<string, { Export?: unknown }> };
    expect(Object.values(data.Outputs).some((output) => output.Export !== undefined)).toBe(true);
  });
});

describe('mail', () => {
  const sesStatementsOf = (all: ShutterlaneStacks) =>
    Object.values(resourcesOf(templateOf(all.api), 'AWS::IAM::Policy')).flatMap((policy) =>
      (
        policy.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }
      ).Statement.filter((statement) => JSON.stringify(statement.Action).includes('ses:')),
    );

  it("lets the mailing functions send only as mailFrom's identity (its address or domain), and no other function", () => {
    const sesStatements = sesStatementsOf(stacks);
    // checkout, stripe-webhook and users send mail.
    expect(sesStatements).toHaveLength(3);
    for (const statement of sesStatements) {
      expect(statement.Action).toBe('ses:SendEmail');
      const resources = JSON.stringify(statement.Resource);
      expect(resources).not.toContain(':identity/*');
      expect(resources).toContain(':identity/orders@shutterlane.com"');
      expect(resources).toContain(':identity/shutterlane.com"');
      // The default configuration set an operator may give the identity (its name is not known here).
      expect(resources).toContain(':configuration-set/*');
      expect(resources.match(/:identity\//g)).toHaveLength(2);
    }
  });

  it('adds the verified recipients of an account in the SES sandbox, which SES authorizes too', () => {
    const sandbox = synthesize({ context: { mailSandboxRecipients: 'tester@example.org, example.net' } });
    for (const statement of sesStatementsOf(sandbox)) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain(':identity/tester@example.org"');
      expect(resources).toContain(':identity/example.net"');
    }
    expect(() => synthesize({ context: { mailSandboxRecipients: 'not an address' } })).toThrow(
      /mailSandboxRecipients/,
    );
  });
});

describe('first invitation', () => {
  it('names the invites table in an output for npm run invite', () => {
    const data = templateOf(stacks.data).toJSON() as { Outputs: Record<string, { Value: unknown }> };
    const invitesId = stacks.data.getLogicalId(stacks.data.tables.invites.node.defaultChild as never);
    expect(data.Outputs.InvitesTableName?.Value).toEqual({ Ref: invitesId });
  });
});
