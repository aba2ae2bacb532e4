/**
 * `<link rel="preconnect">` for the content store, written into index.html at build: the home page,
 * the articles and the other content pages query it as soon as their code has run, and on a phone's
 * network the connection (DNS, TCP, TLS) then costs round trips before the first answer and again
 * before the first image. Made while the app downloads, it costs an order page one idle socket.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { WebEnv } from '../src/config/env-schema.ts';

export interface Preconnect {
  href: string;
  /** Queries are CORS requests (a connection of their own); images are not. */
  crossorigin: boolean;
}

type ContentEnv = Pick<WebEnv, 'VITE_SANITY_PROJECT_ID' | 'VITE_SANITY_API_HOST'>;

/** The origins web/src/lib/content.ts reaches: Sanity's API, its CDN and image CDN, or the configured host. */
export function contentPreconnects(env: ContentEnv): Preconnect[] {
  const projectId = env.VITE_SANITY_PROJECT_ID;
  if (projectId === '') return [];
  if (env.VITE_SANITY_API_HOST !== '') {
    const origin = new URL(env.VITE_SANITY_API_HOST).origin;
    return [
      { href: origin, crossorigin: true },
      { href: origin, crossorigin: false },
    ];
  }
  return [
    { href: `https://${projectId}.api.sanity.io`, crossorigin: true },
    { href: `https://${projectId}.apicdn.sanity.io`, crossorigin: true },
    { href: 'https://cdn.sanity.io', crossorigin: false },
  ];
}

export function contentPreconnectPlugin(env: ContentEnv): Plugin {
  const tags: HtmlTagDescriptor[] = contentPreconnects(env).map(({ href, crossorigin }) => ({
    tag: 'link',
    attrs: { rel: 'preconnect', href, ...(crossorigin && { crossorigin: '' }) },
    injectTo: 'head',
  }));
  return { name: 'shutterlane-content-preconnect', transformIndexHtml: () => tags };
}
