/**
 * IAM for the outbox's SES v2 SendEmail, as SES checks a call: signed by a known key (the body's hash
 * included), then `ses:SendEmail` allowed by the caller's identity policy on the sending identity's
 * ARN, and on the configuration set's ARN when the call names one. The sending identity is the
 * verified identity the From address belongs to: the address itself if verified, else its domain.
 * When the verified identities are not given, either ARN allowing the call is enough (the stand-in
 * cannot tell which one SES would check). SES words refusals in its own older format.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { LOCAL_REGION, sesConfigurationSetArn, sesIdentityArn } from '../iam/arn';
import { authorize, type Decision } from '../iam/evaluate';
import type { IdentityStore, Principal } from '../iam/types';
import { authenticateHeaderSignedRequest } from '../sigv4/sigv4-header';

export interface SendEmailAuthOptions {
  identities: IdentityStore;
  /** SES identities verified in the account (domains or addresses); unknown when absent. */
  verifiedIdentities?: readonly string[];
}

/** A REST-JSON error answer: the type goes in `x-amzn-ErrorType`, the message in the body. */
export interface SesRefusal {
  status: number;
  type: string;
  message: string;
}

interface SignedSendEmail {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** undefined when the call may go on; otherwise SES's refusal. */
export async function authorizeSendEmail(
  call: SignedSendEmail,
  options: SendEmailAuthOptions,
): Promise<SesRefusal | undefined> {
  const authentication = await authenticateHeaderSignedRequest(call, options.identities, {
    service: 'ses',
    region: LOCAL_REGION,
  });
  // SES's REST front end answers every signature problem with 403.
  if (!authentication.ok) return { status: 403, type: authentication.code, message: authentication.message };
  const request = parseRequest(call.body);
  const from = request && senderOf(request);
  // Without a sender SES has nothing to authorize against; the request is refused as malformed later.
  if (!request || !from) return undefined;
  const { principal } = authentication.identity;
  const identity = sendingIdentityCandidates(from, options.verifiedIdentities);
  if (identity.length === 0) {
    return {
      status: 400,
      type: 'MessageRejected',
      message: `Email address is not verified. The following identities failed the check in region ${LOCAL_REGION.toUpperCase()}: ${from.written}`,
    };
  }
  const configurationSet =
    typeof request.ConfigurationSetName === 'string' ? request.ConfigurationSetName : undefined;
  return (
    refusalFor(principal, identity.map(sesIdentityArn)) ??
    (configurationSet === undefined
      ? undefined
      : refusalFor(principal, [sesConfigurationSetArn(configurationSet)]))
  );
}

const ACTION = 'ses:SendEmail';

/** Allowed when any of the ARNs (all standing for the same sending identity) is allowed and none denied. */
function refusalFor(principal: Principal, arns: readonly string[]): SesRefusal | undefined {
  const decisions: Decision[] = arns.map((arn) => authorize(principal, ACTION, arn));
  if (decisions.includes('allow') && !decisions.includes('explicitDeny')) return undefined;
  const shown = arns[arns.length - 1] ?? '*';
  return {
    status: 403,
    type: 'AccessDeniedException',
    message: `User \`${principal.arn}' is not authorized to perform \`${ACTION}' on resource \`${shown}'`,
  };
}

function parseRequest(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Sender {
  /** As the request wrote it, e.g. `Shutterlane <no-reply@shutterlane.com>`. */
  written: string;
  address: string;
  domain: string;
}

/** The From address: `FromEmailAddress`, or the `From:` header of raw content. */
export function senderOf(request: Record<string, unknown>): Sender | undefined {
  const written = typeof request.FromEmailAddress === 'string' ? request.FromEmailAddress : rawFrom(request);
  if (!written) return undefined;
  const address = (/<([^<>]+)>\s*$/.exec(written)?.[1] ?? written).trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  return { written, address: `${address.slice(0, at)}@${domain}`, domain };
}

function rawFrom(request: Record<string, unknown>): string | undefined {
  const content = request.Content;
  const raw = typeof content === 'object' && content !== null && 'Raw' in content ? content.Raw : undefined;
  const data = typeof raw === 'object' && raw !== null && 'Data' in raw ? raw.Data : undefined;
  if (typeof data !== 'string') return undefined;
  const headers =
    Buffer.from(data, 'base64')
      .toString('utf8')
      .split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^From:[ \t]*(.*)$/im.exec(headers)?.[1]?.trim();
}

/** The identities SES would authorize the sender against: the verified one, or both when unknown. */
function sendingIdentityCandidates(sender: Sender, verified: readonly string[] | undefined): string[] {
  if (verified === undefined) return [sender.address, sender.domain];
  const known = new Set(verified.map((identity) => identity.toLowerCase()));
  if (known.has(sender.address.toLowerCase())) return [sender.address];
  return known.has(sender.domain) ? [sender.domain] : [];
}
