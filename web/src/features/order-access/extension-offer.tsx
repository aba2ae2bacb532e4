/**
 * The paid extension an ended order's page offers (ours): the seller's price for more days. Buying it
 * makes an order of its own (the same one again while it can be paid), whose page takes the customer
 * through the usual checkout; once paid, this order's link opens again too.
 */
import { useNavigate } from 'react-router';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { formatMoney } from '#shared/rules/money';
import type { PublicOrder } from '#shared/schemas/order';
import { ErrorMessage } from '../../components/error-message';
import { useServices, useWarmCaptcha } from '../../lib/services';
import { useAction } from '../../lib/use-action';
import { orderAccessTexts as texts } from './texts';

export function ExtensionOffer({
  orderId,
  offer,
  currency,
}: {
  orderId: string;
  offer: NonNullable<PublicOrder['extensionOffer']>;
  currency: string;
}) {
  const { api, executeCaptcha } = useServices();
  useWarmCaptcha();
  const navigate = useNavigate();
  const price = formatMoney(offer.price, currency);
  const buy = useAction({
    run: async () => {
      const captchaToken = await executeCaptcha(CAPTCHA_ACTIONS.publicOrderCheck);
      const extension = await api.buyExtension({ orderId }, { captchaToken });
      await navigate(`/orders/${extension.orderId}`);
    },
    failure: texts.extensionFailed,
    stayBusy: true,
  });
  return (
    <>
      <p>{texts.extensionOffer(offer.days, price)}</p>
      <ErrorMessage message={buy.error} />
      <button type="button" className="button" disabled={buy.busy} onClick={() => void buy.run()}>
        {buy.busy ? texts.startingExtension : texts.extendAccess(price)}
      </button>
    </>
  );
}
