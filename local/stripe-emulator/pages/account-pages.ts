/** The Connect onboarding page (account links) and the Express dashboard page (login links). */
import type { Account } from '../objects/types';
import { formatAmount, formatDate, html, page } from './html';

export const onboardingPage = (account: Account, actionPath: string, returnUrl: string): string =>
  page(
    'Set up payments',
    html`<h1>Set up payments</h1>
      <p>
        Connected account
        <code>${account.id}</code>${account.email === null ? '' : html` for ${account.email}`}
        (${account.country}).
      </p>
      <p>In test mode no details are needed. Choose how verification turns out:</p>
      <form method="post" action="${actionPath}">
        <button type="submit" name="outcome" value="active">Complete onboarding</button>
        <button type="submit" name="outcome" value="pending">Submit for verification (pending)</button>
        <button type="submit" name="outcome" value="restricted">
          Submit without an ID document (restricted)
        </button>
      </form>
      <p><a href="${returnUrl}">Save and return later</a></p>`,
  );

/** A payment to the account, with what reaches it after fees. */
export interface DashboardPayment {
  created: number;
  net: number;
  currency: string;
}

const paymentRows = (payments: DashboardPayment[]) =>
  payments.map(
    (payment) =>
      html`<tr>
        <td>${formatDate(payment.created)}</td>
        <td>${formatAmount(payment.net, payment.currency)}</td>
      </tr>`,
  );

export const expressDashboardPage = (account: Account, payments: DashboardPayment[]): string =>
  page(
    'Express dashboard',
    html`<h1>Express dashboard</h1>
      <p>Account <code>${account.id}</code>${account.email === null ? '' : html` (${account.email})`}</p>
      <p>
        Charges ${account.charges_enabled ? 'enabled' : 'disabled'}; payouts
        ${account.payouts_enabled ? 'enabled' : 'disabled'}.
      </p>
      <h2>Payments</h2>
      ${
        payments.length === 0
          ? html`<p>No payments yet.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Net to you</th>
                </tr>
              </thead>
              <tbody>
                ${paymentRows(payments)}
              </tbody>
            </table>`
      }`,
  );
