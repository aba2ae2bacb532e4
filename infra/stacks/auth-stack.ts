/**
 * Seller identities: a Cognito user pool (email sign-in, self sign-up, email verification),
 * the SPA's app client (no secret; password, SRP and refresh flows; hosted UI with the
 * authorization-code grant) and the hosted-UI domain. The optional custom-message trigger lives
 * here too: the pool must reference it, and the API stack already depends on this stack.
 */
import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { UserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  OAuthScope,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { AppFunction, entryExists, type FunctionResources } from '../constructs/app-function';
import type { DeploySettings } from './settings';

export interface AuthStackProps extends StackProps {
  settings: DeploySettings;
  /** Table and bucket handles and the entry resolver, for the optional trigger function. */
  functionResources: Omit<FunctionResources, 'settings' | 'cognito'>;
}

/** How long a seller stays signed in without entering the password again. */
export const REFRESH_TOKEN_DAYS = 7;

const OAUTH_SCOPES = [OAuthScope.EMAIL, OAuthScope.OPENID, OAuthScope.PHONE, OAuthScope.COGNITO_ADMIN];

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** The custom-message and pre-sign-up triggers, once functions/auth-triggers exists. */
  readonly triggers?: AppFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { settings } = props;
    this.userPool = this.createUserPool(settings);
    this.userPoolClient = this.createWebClient(settings);
    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: settings.authDomainPrefix ?? this.uniqueDomainPrefix() },
    });
    this.triggers = this.addCustomMessageTrigger(props);
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'HostedUiBaseUrl', { value: this.domain.baseUrl() });
  }

  private createUserPool(settings: DeploySettings): UserPool {
    const link = settings.verificationStyle === 'link';
    return new UserPool(this, 'SellerPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      userVerification: {
        emailStyle: link ? VerificationEmailStyle.LINK : VerificationEmailStyle.CODE,
        emailSubject: 'Verify your Shutterlane account',
        emailBody: link
          ? 'Verify your Shutterlane account by clicking on {##Verify Email##}'
          : 'Your Shutterlane verification code is {####}',
      },
      // The product's rule (spec section 9): at least 8 characters, nothing more; the API and the
      // SPA validate the same rule, so a stricter pool would reject passwords the UI accepted.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(settings.cognitoEmailFrom
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: settings.cognitoEmailFrom,
              fromName: 'Shutterlane',
              // The domain identity that covers the address; the stack is region-agnostic, so SES's
              // region is the stack's own (or the sesRegion setting) at deploy time.
              sesVerifiedDomain: settings.cognitoEmailFrom.split('@').pop(),
              sesRegion: settings.sesRegion ?? this.region,
            }),
          }
        : {}),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  private createWebClient(settings: DeploySettings): UserPoolClient {
    return this.userPool.addClient('WebClient', {
      generateSecret: false,
      // Refresh-token auth is always allowed by Cognito; SRP is the SPA's sign-in (the password never
      // leaves the browser), so the plain-password flow stays off. The users API checks account-setup
      // codes with the server-side flow, which needs IAM (cognito-idp:AdminInitiateAuth).
      authFlows: { userSrp: true, adminUserPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // The SPA keeps tokens in the browser's storage, readable by any script on the page (the CSP keeps
      // other scripts out). A refresh token lives a week: a leaked one is good for days, not Cognito's
      // default 30, and a seller who works weekly signs in about once a week. Access and ID tokens: an hour.
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_DAYS),
      accessTokenValidity: Duration.minutes(60),
      idTokenValidity: Duration.minutes(60),
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: OAUTH_SCOPES,
        callbackUrls: [`${settings.siteUrl}/auth-callback`, `${settings.siteUrl}/callback`],
        logoutUrls: [`${settings.siteUrl}/signout`],
      },
    });
  }

  /**
   * Hosted-UI prefixes are global per region; the stack id's UUID makes one unique without a
   * fixed name (lowercase hex and hyphens, as Cognito requires).
   */
  private uniqueDomainPrefix(): string {
    return Fn.join('-', ['shutterlane', Fn.select(2, Fn.split('/', Aws.STACK_ID))]);
  }

  private addCustomMessageTrigger(props: AuthStackProps): AppFunction | undefined {
    const resources: FunctionResources = { ...props.functionResources, settings: props.settings };
    if (!entryExists(resources, 'auth-triggers')) return undefined;
    const trigger = new AppFunction(this, 'AuthTriggersFunction', { name: 'auth-triggers', resources });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, trigger.handler);
    // Self sign-up stays on for the users API, which passes a one-time grant this trigger checks.
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, trigger.handler);
    return trigger;
  }
}
