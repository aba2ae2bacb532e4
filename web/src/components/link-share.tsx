/**
 * A link for the seller to hand over (an order's, a public gallery's): the link with a copy button, and
 * its QR code shown and downloadable as PNG and SVG (qrcode, loaded with the seller pages only).
 */
import { useEffect, useState } from 'react';
import { sellerCommonTexts as texts } from '../lib/texts/seller-common';

interface Codes {
  png: string;
  svg: string;
}

function useQrCodes(url: string): Codes | null {
  const [codes, setCodes] = useState<Codes | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(async (QRCode) => {
      const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: 512 };
      const [png, svg] = await Promise.all([
        QRCode.toDataURL(url, options),
        QRCode.toString(url, { ...options, type: 'svg' }),
      ]);
      if (current) setCodes({ png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [url]);
  return codes;
}

export interface LinkShareProps {
  url: string;
  /** The link field's label, e.g. 'Order link'. */
  linkLabel: string;
  /** The QR code image's alternative text. */
  qrAlt: string;
  /** The downloaded files' name without extension, e.g. `order-{orderId}`. */
  fileStem: string;
  /** Lets end-to-end tests read the link. */
  testId: string;
}

export function LinkShare({ url, linkLabel, qrAlt, fileStem, testId }: LinkShareProps) {
  const codes = useQrCodes(url);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <div className="order-share">
      <label className="field">
        <span>{linkLabel}</span>
        <input readOnly value={url} onFocus={(e) => e.target.select()} data-testid={testId} />
      </label>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {texts.copyLink}
        </button>
        <a className="button button-secondary" href={url} target="_blank" rel="noreferrer">
          {texts.open}
        </a>
        <span role="status" aria-live="polite">
          {copied ? texts.linkCopied : ''}
        </span>
      </div>
      {codes && (
        <figure className="order-qr">
          <img src={codes.svg} width={192} height={192} alt={qrAlt} />
          <figcaption className="actions">
            <a className="button button-secondary" href={codes.png} download={`${fileStem}.png`}>
              {texts.downloadPng}
            </a>
            <a className="button button-secondary" href={codes.svg} download={`${fileStem}.svg`}>
              {texts.downloadSvg}
            </a>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
