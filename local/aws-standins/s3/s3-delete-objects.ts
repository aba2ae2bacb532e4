/**
 * Multi-object delete (`POST /<bucket>?delete`) as S3 authorizes it: `s3:DeleteObject` is checked for
 * each key, the allowed keys are deleted and each refused key comes back as an `AccessDenied` error
 * in the 200 answer's `DeleteResult`, beside the deleted ones (only the errors in quiet mode).
 */
import { escapeXml } from './s3-errors';

export interface DeleteObjectsRequest {
  quiet: boolean;
  keys: string[];
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const unescapeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name.toLowerCase()] ?? entity;
  });

/** The keys and quiet flag of a `<Delete>` document; undefined when it is not one (S3 says MalformedXML). */
export function parseDeleteObjects(xml: string): DeleteObjectsRequest | undefined {
  if (!/<Delete[\s>]/.test(xml)) return undefined;
  const objects = [...xml.matchAll(/<Object>([\s\S]*?)<\/Object>/g)];
  const keys = objects.map((object) =>
    unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(object[1] ?? '')?.[1] ?? ''),
  );
  return { quiet: /<Quiet>\s*true\s*<\/Quiet>/i.test(xml), keys };
}

/** The `<Delete>` document for the allowed keys only. */
export function deleteObjectsXml(request: DeleteObjectsRequest): string {
  const objects = request.keys.map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>${request.quiet}</Quiet>${objects}</Delete>`;
}

/** S3's answer: the deleted keys (unless quiet) and an AccessDenied error per refused key. */
export function deleteResultXml(
  deleted: readonly string[],
  refused: readonly string[],
  quiet: boolean,
): string {
  const deletedXml = quiet
    ? ''
    : deleted.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('');
  const errorsXml = refused
    .map(
      (key) =>
        `<Error><Key>${escapeXml(key)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deletedXml}${errorsXml}</DeleteResult>`
  );
}
