/**
 * The emulator's state. Kept in memory; when a data directory is given it is loaded from and
 * saved to `${dataDir}/stripe.json`, each save written to a temporary file and renamed over the
 * old one so a crash never leaves half a file. Saves are coalesced: a burst of changes is one write.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Stripe from 'stripe';
import { newId } from './ids';
import type {
  Account,
  AccountLinkRecord,
  Customer,
  IdempotencyRecord,
  Invoice,
  LoginLinkRecord,
  PaymentIntent,
  PortalConfiguration,
  PortalSession,
  Price,
  StoredCheckoutSession,
  StoredWebhookEndpoint,
  StripeEvent,
  Subscription,
} from './objects/types';

export interface EmulatorState {
  accounts: Record<string, Account>;
  accountLinks: Record<string, AccountLinkRecord>;
  loginLinks: Record<string, LoginLinkRecord>;
  checkoutSessions: Record<string, StoredCheckoutSession>;
  paymentIntents: Record<string, PaymentIntent>;
  customers: Record<string, Customer>;
  subscriptions: Record<string, Subscription>;
  portalSessions: Record<string, PortalSession>;
  portalConfigurations: Record<string, PortalConfiguration>;
  /** Identity of the default portal configuration the emulator stands in for the Dashboard's settings. */
  dashboardPortalConfiguration: { id: string; created: number } | null;
  webhookEndpoints: Record<string, StoredWebhookEndpoint>;
  prices: Record<string, Price>;
  invoices: Record<string, Invoice>;
  /** Price changes the portal scheduled for the end of the current period (downgrades), by subscription. */
  scheduledPriceChanges: Record<string, string>;
  charges: Record<string, Stripe.Charge>;
  refunds: Record<string, Stripe.Refund>;
  disputes: Record<string, Stripe.Dispute>;
  balanceTransactions: Record<string, Stripe.BalanceTransaction>;
  applicationFees: Record<string, Stripe.ApplicationFee>;
  /**
   * Which connected account each object made with the `Stripe-Account` header (a direct charge's
   * session, payment intent, charge, refunds...) belongs to, by object id; absent: the platform's.
   */
  owners: Record<string, string>;
  /** The platform's Connect application (`ca_…`), named on direct charges and application fees. */
  platformApplication: string;
  /** Oldest first, as created. */
  events: StripeEvent[];
  idempotency: Record<string, IdempotencyRecord>;
}

export const emptyState = (): EmulatorState => ({
  accounts: {},
  accountLinks: {},
  loginLinks: {},
  checkoutSessions: {},
  paymentIntents: {},
  customers: {},
  subscriptions: {},
  portalSessions: {},
  portalConfigurations: {},
  dashboardPortalConfiguration: null,
  webhookEndpoints: {},
  prices: {},
  invoices: {},
  scheduledPriceChanges: {},
  charges: {},
  refunds: {},
  disputes: {},
  balanceTransactions: {},
  applicationFees: {},
  owners: {},
  platformApplication: newId('application'),
  events: [],
  idempotency: {},
});

const isMissingFile = (error: unknown) =>
  error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT';

export class Store {
  private saving: Promise<void> | undefined;
  private dirty = false;

  private constructor(
    readonly state: EmulatorState,
    private readonly file: string | undefined,
  ) {}

  static async open(dataDir: string | undefined): Promise<Store> {
    if (dataDir === undefined) return new Store(emptyState(), undefined);
    const file = path.join(dataDir, 'stripe.json');
    await mkdir(dataDir, { recursive: true });
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as Partial<EmulatorState>;
      // Spread over an empty state so files written by an older emulator gain new collections.
      return new Store({ ...emptyState(), ...saved }, file);
    } catch (error) {
      if (isMissingFile(error)) return new Store(emptyState(), file);
      throw new Error(`Stripe emulator: cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Call after every change; the write happens in the background. */
  changed(): void {
    if (this.file === undefined) return;
    this.dirty = true;
    this.saving ??= this.saveWhileDirty(this.file);
  }

  /** Resolves once everything changed so far is on disk. */
  async flush(): Promise<void> {
    await this.saving;
  }

  private async saveWhileDirty(file: string): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(this.state));
        await rename(temporary, file);
      }
    } catch (error) {
      console.error(`Stripe emulator: cannot save ${file}:`, error);
    } finally {
      this.saving = undefined;
    }
  }
}
