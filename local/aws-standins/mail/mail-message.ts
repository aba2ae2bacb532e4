/**
 * What the mail outbox stores, and how an SES v2 `SendEmail` request (the JSON body that
 * `@aws-sdk/client-sesv2` posts to `/v2/email/outbound-emails`) becomes one stored message.
 */
import * as z from 'zod/mini';

/** One message in the outbox, as stored on disk and answered by `/api/messages`. */
export interface OutboxMessage {
  id: string;
  /** ISO 8601 time the outbox accepted it. */
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text?: string;
  html?: string;
  /** The raw MIME source when the message came as SES `Raw` content. */
  raw?: string;
  /** Extra headers of a `Simple` message (e.g. List-Unsubscribe), as sent. */
  headers?: { name: string; value: string }[];
}

/** A message handed to the outbox in-process (e.g. Cognito's verification codes). */
export type OutgoingMail = Pick<OutboxMessage, 'from' | 'to' | 'subject'> &
  Partial<Pick<OutboxMessage, 'cc' | 'bcc' | 'replyTo' | 'text' | 'html'>>;

const Addresses = z.optional(z.array(z.string()));
const TextPart = z.object({ Data: z.string(), Charset: z.optional(z.string()) });

const SendEmailRequest = z.object({
  FromEmailAddress: z.optional(z.string()),
  Destination: z.optional(
    z.object({ ToAddresses: Addresses, CcAddresses: Addresses, BccAddresses: Addresses }),
  ),
  ReplyToAddresses: Addresses,
  Content: z.object({
    Simple: z.optional(
      z.object({
        Subject: TextPart,
        Body: z.object({ Text: z.optional(TextPart), Html: z.optional(TextPart) }),
        // SES v2 takes at most 15 headers, each a name and a value.
        Headers: z.optional(
          z
            .array(z.object({ Name: z.string().check(z.minLength(1)), Value: z.string() }))
            .check(z.maxLength(15)),
        ),
      }),
    ),
    Raw: z.optional(z.object({ Data: z.string() })),
    Template: z.optional(z.unknown()),
  }),
});
type SendEmailRequest = z.infer<typeof SendEmailRequest>;

/** Why SES would refuse the request; the outbox answers it as a 400 `BadRequestException`. */
export class BadSendEmailRequest extends Error {}

/** Message ids sort by time and are safe as file names: `<epoch ms>-<uuid>`. */
export const MESSAGE_ID_PATTERN = /^\d{13}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const rawHeader = (source: string, name: string): string | undefined => {
  const headers = source.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers);
  return match?.[1]?.trim();
};

function rawContent(request: SendEmailRequest, base64: string): Partial<OutboxMessage> {
  const raw = Buffer.from(base64, 'base64').toString('utf8');
  return {
    raw,
    from: request.FromEmailAddress ?? rawHeader(raw, 'From') ?? '',
    subject: rawHeader(raw, 'Subject') ?? '',
    text: raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n'),
  };
}

/** Turns the body of an SES v2 SendEmail call into the message to store; throws BadSendEmailRequest. */
export function messageFromSendEmail(body: unknown, id: string, sentAt: Date): OutboxMessage {
  const parsed = SendEmailRequest.safeParse(body);
  if (!parsed.success) throw new BadSendEmailRequest(`Invalid SendEmail request: ${parsed.error.message}`);
  const request = parsed.data;
  const { Simple, Raw, Template } = request.Content;
  if (Template !== undefined)
    throw new BadSendEmailRequest('Template content is not supported by the local outbox');
  const to = request.Destination?.ToAddresses ?? [];
  const cc = request.Destination?.CcAddresses ?? [];
  const bcc = request.Destination?.BccAddresses ?? [];
  const envelope = { id, sentAt: sentAt.toISOString(), to, cc, bcc, replyTo: request.ReplyToAddresses ?? [] };
  if (Simple) {
    if (to.length + cc.length + bcc.length === 0)
      throw new BadSendEmailRequest('Destination has no addresses');
    if (!request.FromEmailAddress) throw new BadSendEmailRequest('FromEmailAddress is required');
    return {
      ...envelope,
      from: request.FromEmailAddress,
      subject: Simple.Subject.Data,
      text: Simple.Body.Text?.Data,
      html: Simple.Body.Html?.Data,
      ...(Simple.Headers && {
        headers: Simple.Headers.map(({ Name, Value }) => ({ name: Name, value: Value })),
      }),
    };
  }
  if (Raw) return { ...envelope, from: '', subject: '', ...rawContent(request, Raw.Data) };
  throw new BadSendEmailRequest('Content must have Simple or Raw');
}

/** An in-process message (not through SES) with the same defaults. */
export const messageFromOutgoing = (mail: OutgoingMail, id: string, sentAt: Date): OutboxMessage => ({
  id,
  sentAt: sentAt.toISOString(),
  cc: [],
  bcc: [],
  replyTo: [],
  ...mail,
});
