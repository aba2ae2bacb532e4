/** S3-style XML error bodies, so SDKs and browsers read local errors as they read AWS's. */
import { randomBytes } from 'node:crypto';

export const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** `<Error><Code>…</Code><Message>…</Message><RequestId>…</RequestId></Error>` */
export function s3ErrorXml(code: string, message: string, requestId: string = newRequestId()): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message>` +
    `<RequestId>${requestId}</RequestId></Error>`
  );
}

/** S3 request ids are 16 upper-case hex characters. */
export const newRequestId = (): string => randomBytes(8).toString('hex').toUpperCase();
