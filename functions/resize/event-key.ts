/**
 * S3 notifications carry the object key URL-encoded, with spaces as `+` (as AWS documents); the key
 * itself is what the bucket and the layout parsers know.
 */
export const decodeEventKey = (key: string): string => decodeURIComponent(key.replace(/\+/g, ' '));
