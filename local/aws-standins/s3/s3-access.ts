/**
 * What IAM checks for one S3 REST request (path-style, as the stand-in is addressed): the S3 action
 * and the ARN it acts on, per the S3 service authorization reference. Object requests act on
 * `arn:aws:s3:::<bucket>/<key>` (the key decoded), bucket requests on `arn:aws:s3:::<bucket>`.
 * Multi-object delete is special: S3 checks `s3:DeleteObject` for each key and reports refusals per
 * key (s3-delete-objects.ts), so it carries no needs here.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { s3BucketArn, s3ObjectArn } from '../iam/arn';
import type { AccessNeed } from '../iam/evaluate';
import { single, splitUrl } from '../sigv4/sigv4';

export interface S3Access {
  /** The S3 API operation, for messages and tests (`GetObject`, `ListObjects`...). */
  operation: string;
  bucket?: string;
  key?: string;
  needs: AccessNeed[];
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** `/bucket/some/key` -> bucket and key (decoded); either may be absent. */
export function bucketAndKey(rawPath: string): { bucket?: string; key?: string } {
  const [, bucket, ...keyParts] = rawPath.split('/');
  const key = keyParts.join('/');
  return { bucket: bucket ? safeDecode(bucket) : undefined, key: key ? safeDecode(key) : undefined };
}

/** Bucket subresources and the action each method needs on them; absent pairs fall back below. */
const BUCKET_SUBRESOURCES: Record<string, Partial<Record<string, string>>> = {
  location: { GET: 'GetBucketLocation' },
  cors: { GET: 'GetBucketCORS', PUT: 'PutBucketCORS', DELETE: 'PutBucketCORS' },
  policy: { GET: 'GetBucketPolicy', PUT: 'PutBucketPolicy', DELETE: 'DeleteBucketPolicy' },
  website: { GET: 'GetBucketWebsite', PUT: 'PutBucketWebsite', DELETE: 'DeleteBucketWebsite' },
  notification: { GET: 'GetBucketNotification', PUT: 'PutBucketNotification' },
  acl: { GET: 'GetBucketAcl', PUT: 'PutBucketAcl' },
  tagging: { GET: 'GetBucketTagging', PUT: 'PutBucketTagging', DELETE: 'PutBucketTagging' },
  versioning: { GET: 'GetBucketVersioning', PUT: 'PutBucketVersioning' },
  lifecycle: { GET: 'GetLifecycleConfiguration', PUT: 'PutLifecycleConfiguration' },
  uploads: { GET: 'ListBucketMultipartUploads' },
  versions: { GET: 'ListBucketVersions' },
};

const OBJECT_SUBRESOURCES: Record<string, Partial<Record<string, string>>> = {
  acl: { GET: 'GetObjectAcl', PUT: 'PutObjectAcl' },
  tagging: { GET: 'GetObjectTagging', PUT: 'PutObjectTagging', DELETE: 'DeleteObjectTagging' },
  attributes: { GET: 'GetObjectAttributes' },
  restore: { POST: 'RestoreObject' },
};

/** The API operation and the IAM action (when they differ) of a plain request, by method. */
const PLAIN_BUCKET: Record<string, [operation: string, action: string]> = {
  GET: ['ListObjects', 'ListBucket'],
  HEAD: ['HeadBucket', 'ListBucket'],
  PUT: ['CreateBucket', 'CreateBucket'],
  DELETE: ['DeleteBucket', 'DeleteBucket'],
};

export function s3Access(method: string, url: string, headers: IncomingHttpHeaders): S3Access {
  const { rawPath, query } = splitUrl(url);
  const { bucket, key } = bucketAndKey(rawPath);
  if (bucket === undefined) return { operation: 'ListBuckets', needs: [need('ListAllMyBuckets', '*')] };
  if (key === undefined) return bucketAccess(method, bucket, Object.keys(query));
  return objectAccess(method, bucket, key, query, headers);
}

const need = (action: string, resource: string): AccessNeed => ({ action: `s3:${action}`, resource });

function bucketAccess(method: string, bucket: string, queryNames: string[]): S3Access {
  if (method === 'POST' && queryNames.includes('delete'))
    return { operation: 'DeleteObjects', bucket, needs: [] };
  const subresource = queryNames.find((name) => BUCKET_SUBRESOURCES[name]?.[method] !== undefined);
  const action = subresource === undefined ? undefined : BUCKET_SUBRESOURCES[subresource]?.[method];
  const [operation, plainAction] = action ? [action, action] : (PLAIN_BUCKET[method] ?? [method, method]);
  return { operation, bucket, needs: [need(plainAction, s3BucketArn(bucket))] };
}

function objectAccess(
  method: string,
  bucket: string,
  key: string,
  query: Record<string, string | string[]>,
  headers: IncomingHttpHeaders,
): S3Access {
  const object = s3ObjectArn(bucket, key);
  const named = (operation: string, ...needs: AccessNeed[]): S3Access => ({ operation, bucket, key, needs });
  const subresource = Object.keys(query).find((name) => OBJECT_SUBRESOURCES[name]?.[method] !== undefined);
  const subAction = subresource === undefined ? undefined : OBJECT_SUBRESOURCES[subresource]?.[method];
  if (subAction) return named(subAction, need(subAction, object));
  const multipart = 'uploadId' in query;
  if (method === 'GET' || method === 'HEAD') {
    if (multipart) return named('ListParts', need('ListMultipartUploadParts', object));
    const action = 'versionId' in query ? 'GetObjectVersion' : 'GetObject';
    return named(method === 'HEAD' ? 'HeadObject' : 'GetObject', need(action, object));
  }
  if (method === 'PUT') return putAccess(named, object, multipart, headers);
  if (method === 'POST') {
    // CreateMultipartUpload and CompleteMultipartUpload are both authorized as s3:PutObject.
    return named(multipart ? 'CompleteMultipartUpload' : 'CreateMultipartUpload', need('PutObject', object));
  }
  if (method === 'DELETE') {
    if (multipart) return named('AbortMultipartUpload', need('AbortMultipartUpload', object));
    return named('DeleteObject', need('versionId' in query ? 'DeleteObjectVersion' : 'DeleteObject', object));
  }
  return named(method, need(method, object));
}

function putAccess(
  named: (operation: string, ...needs: AccessNeed[]) => S3Access,
  object: string,
  multipart: boolean,
  headers: IncomingHttpHeaders,
): S3Access {
  const copySource = single(headers['x-amz-copy-source']);
  const write = need('PutObject', object);
  if (copySource === undefined) return named(multipart ? 'UploadPart' : 'PutObject', write);
  // A copy reads its source as well: `/bucket/key` or `bucket/key`, URL-encoded, maybe `?versionId=`.
  const [sourcePath = ''] = copySource.split('?');
  const source = bucketAndKey(sourcePath.startsWith('/') ? sourcePath : `/${sourcePath}`);
  const read = need('GetObject', s3ObjectArn(source.bucket ?? '', source.key ?? ''));
  return named(multipart ? 'UploadPartCopy' : 'CopyObject', write, read);
}
