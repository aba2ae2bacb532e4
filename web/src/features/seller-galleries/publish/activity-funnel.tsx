/**
 * A public gallery's funnel: opened → photos viewed → selfie searches → picks → paid, as an ordered list
 * whose bars are as long as each step's share of the openings. The numbers are text, so a screen reader
 * reads each step, its count and its share; the bars are decoration.
 */
import { galleryFunnel } from '#shared/rules/activity';
import type { GalleryActivity } from '#shared/schemas/activity';
import { publicGalleryTexts as texts } from './public-gallery-texts';

export function ActivityFunnel({ activity }: { activity: GalleryActivity }) {
  const steps = galleryFunnel(activity);
  return (
    <section className="activity-funnel" aria-labelledby="activity-funnel-heading">
      <h3 id="activity-funnel-heading">{texts.activity}</h3>
      <ol>
        {steps.map((step) => {
          const percent = Math.round(step.share * 100);
          return (
            <li key={step.key} data-testid={`funnel-${step.key}`}>
              <span className="activity-funnel-label">{texts.funnelSteps[step.key]}</span>{' '}
              <span className="activity-funnel-count">{step.count}</span>
              {step.key !== 'opened' && <span className="hint"> ({texts.funnelShare(percent)})</span>}
              <span className="activity-funnel-bar" aria-hidden="true">
                <span style={{ width: `${percent}%` }} />
              </span>
            </li>
          );
        })}
      </ol>
      <p className="hint">{texts.activityNote}</p>
    </section>
  );
}
