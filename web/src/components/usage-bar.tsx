/** The usage bar (account document, section 9): this month's uploads over the plan's limit, capped at 100%. */
import { uploadUsagePercent } from '#shared/rules/upload-usage';
import { sellerCommonTexts as texts } from '../lib/texts/seller-common';

export function UsageBar({ used, limit }: { used: number; limit: number }) {
  const percent = uploadUsagePercent(used, limit);
  return (
    <div className="usage">
      <span>
        {texts.usage}: {texts.usageLine(used, limit)}
      </span>
      <progress max={100} value={percent} aria-label={texts.usage}>
        {percent}%
      </progress>
    </div>
  );
}
