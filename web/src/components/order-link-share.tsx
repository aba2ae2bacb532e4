/** An order's link for the seller to hand over: its link, copy button and QR code (link-share.tsx). */
import { sellerCommonTexts as texts } from '../lib/texts/seller-common';
import { LinkShare } from './link-share';

export function OrderLinkShare({ url, orderId }: { url: string; orderId: string }) {
  return (
    <LinkShare
      url={url}
      linkLabel={texts.orderLink}
      qrAlt={texts.qrCode(orderId)}
      fileStem={`order-${orderId}`}
      testId="order-link"
    />
  );
}
