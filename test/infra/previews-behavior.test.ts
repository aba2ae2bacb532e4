import { describe, expect, it } from 'vitest';
import { viewerRequestFunction } from '@shutterlane/local-stack/edge/cloudfront-function';
import { PREVIEW_GATE_CODE } from '../../infra/constructs/previews-behavior';

const gate = viewerRequestFunction(PREVIEW_GATE_CODE);
const ask = (uri: string) => gate({ method: 'GET', uri, querystring: '', clientIp: '203.0.113.9' }).kind;
const folder = (closes: string) =>
  `/previews/pub1234567890/${closes}/${'s'.repeat(22)}/photo123456/grid.webp`;
const inSeconds = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);

describe('the previews gate (CloudFront Function)', () => {
  it('lets a preview of a gallery without an end date, or one still open, through to the caches', () => {
    expect(ask(folder('open'))).toBe('request');
    expect(ask(folder(inSeconds(3600)))).toBe('request');
  });

  it('answers 404 itself for a folder past its closing time', () => {
    expect(gate({ method: 'GET', uri: folder(inSeconds(-1)), querystring: '', clientIp: '' })).toEqual({
      kind: 'response',
      statusCode: 404,
      statusDescription: 'Not Found',
    });
  });

  it('answers 404 for any path that is not a preview’s', () => {
    for (const uri of [
      '/previews/',
      '/previews/pub1234567890',
      '/previews/pub1234567890/open/secret/photo',
      `${folder('open')}/more`,
      folder('soon'),
      folder('1e12'),
      '/previews/bad!id/open/secret/photo123456/grid.webp',
    ])
      expect(ask(uri), uri).toBe('response');
  });
});
