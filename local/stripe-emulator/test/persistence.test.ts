import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOnboardedAccount, startTestEmulator, type TestEmulator } from '../testing';

let dataDir: string;
let running: TestEmulator | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps accounts, sessions, events and idempotency keys across a restart with the same dataDir', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stripe-emulator-'));
    const first = await startTestEmulator({ dataDir });
    running = first;
    const seller = await createOnboardedAccount(first.stripe);
    const params = {
      mode: 'payment' as const,
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 700, product_data: { name: 'Photo' } } },
      ],
      payment_intent_data: { application_fee_amount: 35, transfer_data: { destination: seller.id } },
      success_url: 'http://app.test/ok',
    };
    const session = await first.stripe.checkout.sessions.create(params, { idempotencyKey: 'persisted-key' });
    await first.stop();
    running = undefined;

    expect(await readdir(dataDir)).toEqual(['stripe.json']);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'stripe.json'), 'utf8')) as {
      accounts: Record<string, unknown>;
    };
    expect(Object.keys(saved.accounts)).toEqual([seller.id]);

    const second = await startTestEmulator({ dataDir });
    running = second;
    expect((await second.stripe.accounts.retrieve(seller.id)).charges_enabled).toBe(true);
    const reloaded = await second.stripe.checkout.sessions.retrieve(session.id);
    expect(reloaded.amount_total).toBe(700);
    const replay = await second.stripe.checkout.sessions.create(params, { idempotencyKey: 'persisted-key' });
    expect(replay.id).toBe(session.id);
    expect((await second.stripe.events.list()).data.map((event) => event.type)).toContain('account.updated');
  });

  it('keeps nothing on disk without a dataDir', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stripe-emulator-'));
    const first = await startTestEmulator();
    running = first;
    const account = await first.stripe.accounts.create({ type: 'express' });
    await first.stop();
    running = await startTestEmulator();
    await expect(running.stripe.accounts.retrieve(account.id)).rejects.toThrow(/does not have access/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
