import { describe, expect, it } from 'vitest';
import { s3Access } from './s3-access';

const object = 'arn:aws:s3:::photos/u-1/a b.jpg';
const bucket = 'arn:aws:s3:::photos';
const needsOf = (method: string, url: string, headers = {}) => {
  const access = s3Access(method, url, headers);
  return [access.operation, ...access.needs.map((need) => `${need.action} ${need.resource}`)];
};

describe('s3Access', () => {
  it('maps object reads and writes to their action on the decoded object ARN', () => {
    expect(needsOf('GET', '/photos/u-1/a%20b.jpg?X-Amz-Signature=x')).toEqual([
      'GetObject',
      `s3:GetObject ${object}`,
    ]);
    expect(needsOf('HEAD', '/photos/u-1/a%20b.jpg')).toEqual(['HeadObject', `s3:GetObject ${object}`]);
    expect(needsOf('PUT', '/photos/u-1/a%20b.jpg')).toEqual(['PutObject', `s3:PutObject ${object}`]);
    expect(needsOf('DELETE', '/photos/u-1/a%20b.jpg')).toEqual(['DeleteObject', `s3:DeleteObject ${object}`]);
    expect(needsOf('GET', '/photos/u-1/a%20b.jpg?versionId=3')).toEqual([
      'GetObject',
      `s3:GetObjectVersion ${object}`,
    ]);
  });

  it('maps multipart uploads as S3 authorizes them', () => {
    expect(needsOf('POST', '/photos/u-1/a%20b.jpg?uploads')).toEqual([
      'CreateMultipartUpload',
      `s3:PutObject ${object}`,
    ]);
    expect(needsOf('PUT', '/photos/u-1/a%20b.jpg?partNumber=1&uploadId=u')).toEqual([
      'UploadPart',
      `s3:PutObject ${object}`,
    ]);
    expect(needsOf('POST', '/photos/u-1/a%20b.jpg?uploadId=u')).toEqual([
      'CompleteMultipartUpload',
      `s3:PutObject ${object}`,
    ]);
    expect(needsOf('GET', '/photos/u-1/a%20b.jpg?uploadId=u')).toEqual([
      'ListParts',
      `s3:ListMultipartUploadParts ${object}`,
    ]);
    expect(needsOf('DELETE', '/photos/u-1/a%20b.jpg?uploadId=u')).toEqual([
      'AbortMultipartUpload',
      `s3:AbortMultipartUpload ${object}`,
    ]);
  });

  it('needs the source read for a copy', () => {
    expect(
      needsOf('PUT', '/photos/copy.jpg', { 'x-amz-copy-source': '/other/src%20key.jpg?versionId=1' }),
    ).toEqual([
      'CopyObject',
      's3:PutObject arn:aws:s3:::photos/copy.jpg',
      's3:GetObject arn:aws:s3:::other/src key.jpg',
    ]);
  });

  it('maps bucket requests and subresources to their action on the bucket ARN', () => {
    expect(needsOf('GET', '/photos?list-type=2&prefix=u-1/')).toEqual([
      'ListObjects',
      `s3:ListBucket ${bucket}`,
    ]);
    expect(needsOf('HEAD', '/photos')).toEqual(['HeadBucket', `s3:ListBucket ${bucket}`]);
    expect(needsOf('GET', '/photos?location')).toEqual([
      'GetBucketLocation',
      `s3:GetBucketLocation ${bucket}`,
    ]);
    expect(needsOf('PUT', '/photos?cors')).toEqual(['PutBucketCORS', `s3:PutBucketCORS ${bucket}`]);
    expect(needsOf('GET', '/photos?uploads')).toEqual([
      'ListBucketMultipartUploads',
      `s3:ListBucketMultipartUploads ${bucket}`,
    ]);
    expect(needsOf('PUT', '/photos')).toEqual(['CreateBucket', `s3:CreateBucket ${bucket}`]);
    expect(needsOf('GET', '/')).toEqual(['ListBuckets', 's3:ListAllMyBuckets *']);
  });

  it('leaves a multi-object delete to its per-key check', () => {
    expect(s3Access('POST', '/photos?delete', {})).toEqual({
      operation: 'DeleteObjects',
      bucket: 'photos',
      needs: [],
    });
  });
});
