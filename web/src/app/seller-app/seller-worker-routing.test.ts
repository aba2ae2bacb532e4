import { describe, expect, it } from 'vitest';
import { SELLER_PATHS } from '../seller-paths';
import {
  isSellerPathname,
  keepsRuntimeFile,
  sellerWorkerStrategy,
  type RequestFacts,
} from './seller-worker-routing';

const ORIGIN = 'https://shutterlane.example';
const PRECACHED = new Set(['/favicon.svg', '/manifest.webmanifest', '/icons/seller-any-192.png']);

const page = (path: string): RequestFacts => ({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' });
const file = (path: string, method = 'GET'): RequestFacts => ({
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  method,
  mode: 'cors',
});
const strategy = (request: RequestFacts) => sellerWorkerStrategy(request, ORIGIN, PRECACHED);

describe('isSellerPathname', () => {
  it.each([...SELLER_PATHS.map((path) => `/${path}`), '/galleries', '/galleries/abc123', '/seller-orders'])(
    'takes %s for a seller page',
    (path) => expect(isSellerPathname(path)).toBe(true),
  );

  it.each([
    '/',
    '/orders/abc',
    '/orders',
    '/checkout/success/abc',
    '/g/abcdefgh',
    '/features',
    '/zip-download/x/y',
  ])('takes %s for a customer or site page', (path) => expect(isSellerPathname(path)).toBe(false));

  it('matches whole segments only', () => {
    expect(isSellerPathname('/galleries-of-the-month')).toBe(false);
    expect(isSellerPathname('/dashboardx')).toBe(false);
  });
});

describe('sellerWorkerStrategy', () => {
  it('serves seller pages network first with the shell as the offline answer', () => {
    expect(strategy(page('/galleries'))).toBe('shell');
    expect(strategy(page('/galleries/abc?tab=photos'))).toBe('shell');
    expect(strategy(page('/dashboard'))).toBe('shell');
    expect(strategy(page('/signin'))).toBe('shell');
  });

  it('never answers a customer or site page: the network serves it as without the worker', () => {
    for (const path of [
      '/',
      '/orders/abc',
      '/orders?id=abc',
      '/checkout/success/abc',
      '/g/abcdefgh',
      '/support',
    ])
      expect(strategy(page(path))).toBe('pass');
  });

  it('never answers the API, whatever the method or page', () => {
    expect(strategy(file('/api/users'))).toBe('pass');
    expect(strategy(file('/api/galleries', 'POST'))).toBe('pass');
    expect(strategy(page('/api/users'))).toBe('pass');
    expect(strategy(file('/api'))).toBe('pass');
  });

  it("leaves the ZIP download worker's scope alone", () => {
    expect(strategy(page('/zip-download/id/order.zip'))).toBe('pass');
    expect(strategy(file('/zip-download/id/order.zip'))).toBe('pass');
  });

  it('takes hashed build files and the precached files from the cache first', () => {
    expect(strategy(file('/assets/index-B1skPtqX.js'))).toBe('cache-first');
    expect(strategy(file('/assets/index-DmXHpXev.css'))).toBe('cache-first');
    expect(strategy(file('/favicon.svg'))).toBe('cache-first');
    expect(strategy(file('/manifest.webmanifest'))).toBe('cache-first');
  });

  it('fetches the sign-in settings network first (a deployment may change them)', () => {
    expect(strategy(file('/runtime-config.json'))).toBe('network-first');
  });

  it('passes other origins, other methods and files outside the shell', () => {
    expect(strategy(file('https://bucket.example/thumbnails/a.jpg'))).toBe('pass');
    expect(strategy(file('https://other.example/assets/index.js'))).toBe('pass');
    expect(strategy(file('/assets/index.js', 'HEAD'))).toBe('pass');
    expect(strategy(file('/media/home-hero.webp'))).toBe('pass');
    expect(strategy(file('/sitemap.xml'))).toBe('pass');
    expect(strategy(file('/zip-download-sw.js'))).toBe('pass');
  });
});

describe('keepsRuntimeFile', () => {
  it('keeps the files a seller page loads, not those of customer pages', () => {
    expect(keepsRuntimeFile(`${ORIGIN}/galleries/abc`)).toBe(true);
    expect(keepsRuntimeFile(`${ORIGIN}/g/abcdefgh`)).toBe(false);
    expect(keepsRuntimeFile(`${ORIGIN}/orders/abc`)).toBe(false);
    expect(keepsRuntimeFile(undefined)).toBe(false);
  });
});
