/**
 * The checksums SQS returns with each message: MD5 of the body, and MD5 of the message attributes in
 * SQS's documented encoding (names sorted; each name, data type and value written as a 4-byte
 * big-endian length and the UTF-8 bytes, with a transport byte between type and value: 1 for string
 * values, 2 for binary). The SDKs check the body's; the attributes' follow the same documentation.
 */
import { createHash } from 'node:crypto';

export interface MessageAttributeValue {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
}

export const md5Hex = (data: string | Buffer): string => createHash('md5').update(data).digest('hex');

function lengthPrefixed(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export function md5OfMessageAttributes(attributes: Record<string, MessageAttributeValue>): string {
  const parts = Object.keys(attributes)
    .sort()
    .flatMap((name) => {
      const value = attributes[name]!;
      const binary = value.BinaryValue !== undefined;
      return [
        lengthPrefixed(Buffer.from(name, 'utf8')),
        lengthPrefixed(Buffer.from(value.DataType, 'utf8')),
        Buffer.from([binary ? 2 : 1]),
        lengthPrefixed(
          binary ? Buffer.from(value.BinaryValue!, 'base64') : Buffer.from(value.StringValue ?? '', 'utf8'),
        ),
      ];
    });
  return md5Hex(Buffer.concat(parts));
}
