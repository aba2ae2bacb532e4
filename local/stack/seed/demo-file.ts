/** `.data/demo.json`: the links of this run, for people and for the end-to-end tests. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_SELLER, type DemoOrderKind, type SeedRecord } from './seed';
import { DEMO_SELFIE } from './demo-public-gallery';

export interface DemoFile {
  appUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  seller: { email: string; password: string };
  inviteCode: string;
  orders: Record<DemoOrderKind, { id: string; url: string }>;
  /** The published public gallery with Find my photos on; `selfie`: a photo of someone in it, not in it. */
  publicGallery?: { id: string; url: string; selfie: string };
}

export function demoFile(seed: SeedRecord, urls: { app: string; api: string; mailbox: string }): DemoFile {
  const orders = Object.fromEntries(
    Object.entries(seed.orders).map(([kind, id]) => [kind, { id, url: `${urls.app}/orders/${id}` }]),
  ) as DemoFile['orders'];
  return {
    appUrl: urls.app,
    apiUrl: urls.api,
    mailboxUrl: urls.mailbox,
    seller: { email: DEMO_SELLER.email, password: DEMO_SELLER.password },
    inviteCode: seed.inviteCode,
    orders,
    ...(seed.publicGallery && {
      publicGallery: {
        id: seed.publicGallery.publicId,
        url: `${urls.app}/g/${seed.publicGallery.publicId}`,
        selfie: DEMO_SELFIE,
      },
    }),
  };
}

export async function writeDemoFile(dataDir: string, demo: DemoFile): Promise<void> {
  await writeFile(path.join(dataDir, 'demo.json'), `${JSON.stringify(demo, null, 2)}\n`);
}
