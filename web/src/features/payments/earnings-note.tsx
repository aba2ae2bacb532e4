/** What a paid order earns the seller: the platform fee and when the payout comes (marketing statements, section 1). */
import { paymentTexts as texts } from './texts';

export function EarningsNote() {
  return (
    <aside className="notice" aria-label={texts.earnings}>
      <p>{texts.feeAndPayout}</p>
    </aside>
  );
}
