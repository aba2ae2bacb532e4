import { describe, expect, it } from 'vitest';
import type { Manifest } from './manifest';
import { sellerShellFiles, shellVersion, SHELL_ROOTS, staticShellFiles } from './seller-app';

/** A build's manifest in miniature: the entry, its route table, the seller areas and the chrome. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    css: ['assets/index-1.css'],
    imports: ['_runtime.js'],
    dynamicImports: [
      'src/app/order-route.tsx',
      'src/features/public-gallery/public-gallery-page.tsx',
      ...SHELL_ROOTS,
    ],
  },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  '../virtual:route-addresses/seller': { file: 'assets/seller-1.js' },
  'src/app/order-route.tsx': { file: 'assets/order-route-1.js', imports: ['index.html', '_shared.js'] },
  'src/features/public-gallery/public-gallery-page.tsx': {
    file: 'assets/public-gallery-page-1.js',
    dynamicImports: ['src/lib/faces/selfie-descriptor.ts'],
  },
  'src/lib/faces/selfie-descriptor.ts': {
    file: 'assets/selfie-1.js',
    assets: ['assets/model-1.bin'],
  },
  'src/app/seller-area.tsx': {
    file: 'assets/seller-area-1.js',
    imports: ['index.html', '_auth-guards.js'],
    dynamicImports: ['src/features/auth/signin-page.tsx', 'src/app/seller-app/install-seller-app.ts'],
  },
  '_auth-guards.js': { file: 'assets/auth-guards-1.js', dynamicImports: ['src/lib/auth/session.ts'] },
  'src/lib/auth/session.ts': { file: 'assets/session-1.js' },
  'src/features/auth/signin-page.tsx': {
    file: 'assets/signin-page-1.js',
    css: ['assets/forms-1.css'],
    imports: ['_shared.js'],
  },
  'src/app/seller-app/install-seller-app.ts': { file: 'assets/install-seller-app-1.js' },
  '_shared.js': { file: 'assets/shared-1.js' },
  'src/app/seller-tools-area.tsx': {
    file: 'assets/seller-tools-area-1.js',
    dynamicImports: ['src/features/seller-galleries/gallery-page.tsx'],
  },
  'src/features/seller-galleries/gallery-page.tsx': {
    file: 'assets/gallery-page-1.js',
    css: ['assets/forms-1.css', 'assets/seller-tools-1.css'],
    // Hiding a person describes a reference face on the device: loaded only when online.
    dynamicImports: ['src/lib/faces/selfie-descriptor.ts'],
  },
  'src/app/site-nav.tsx': { file: 'assets/site-nav-1.js', css: ['assets/chrome-1.css'] },
  'src/app/chrome/site-footer.tsx': { file: 'assets/site-footer-1.js', css: ['assets/chrome-1.css'] },
  'src/app/chrome/site-services.tsx': { file: 'assets/site-services-1.js' },
};

describe('sellerShellFiles', () => {
  it('lists the entry, the chrome and every seller page with what they load, once each', () => {
    expect(sellerShellFiles(manifest)).toEqual(
      [
        'assets/index-1.js',
        'assets/index-1.css',
        'assets/runtime-1.js',
        'assets/seller-1.js',
        'assets/seller-area-1.js',
        'assets/auth-guards-1.js',
        'assets/session-1.js',
        'assets/signin-page-1.js',
        'assets/forms-1.css',
        'assets/shared-1.js',
        'assets/install-seller-app-1.js',
        'assets/seller-tools-area-1.js',
        'assets/gallery-page-1.js',
        'assets/seller-tools-1.css',
        'assets/site-nav-1.js',
        'assets/chrome-1.css',
        'assets/site-footer-1.js',
        'assets/site-services-1.js',
      ]
        .map((file) => `/${file}`)
        .sort(),
    );
  });

  it("leaves out the customer pages and what they load (the entry's route table)", () => {
    const files = sellerShellFiles(manifest);
    expect(files).not.toContain('/assets/order-route-1.js');
    expect(files).not.toContain('/assets/public-gallery-page-1.js');
    expect(files).not.toContain('/assets/model-1.bin');
  });

  it('leaves out what a seller page loads only online: face description and its weights', () => {
    const files = sellerShellFiles(manifest);
    expect(files).toContain('/assets/gallery-page-1.js');
    expect(files).not.toContain('/assets/selfie-1.js');
    expect(files).not.toContain('/assets/model-1.bin');
  });

  it('fails loudly when a seller area is not a chunk of the build', () => {
    const { 'src/app/seller-tools-area.tsx': _gone, ...without } = manifest;
    expect(() => sellerShellFiles(without)).toThrow(/src\/app\/seller-tools-area\.tsx/);
    expect(() => sellerShellFiles({ 'x.js': { file: 'x.js' } })).toThrow(/no entry chunk/);
  });
});

describe('the shell files outside the build manifest', () => {
  it('are the favicon, the web app manifest and its icons', () => {
    expect(staticShellFiles()).toEqual([
      '/favicon.svg',
      '/manifest.webmanifest',
      '/icons/seller-any-192.png',
      '/icons/seller-any-512.png',
      '/icons/seller-maskable-512.png',
    ]);
  });
});

describe('shellVersion', () => {
  it('changes with the files and with the page', () => {
    const version = shellVersion(['/assets/a-1.js'], '<html>');
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(shellVersion(['/assets/a-1.js'], '<html>')).toBe(version);
    expect(shellVersion(['/assets/a-2.js'], '<html>')).not.toBe(version);
    expect(shellVersion(['/assets/a-1.js'], '<html lang="en">')).not.toBe(version);
  });
});
