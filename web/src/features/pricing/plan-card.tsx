/** One plan on /pricing: name, monthly price, what it includes, and the action for this visitor. */
import type { ReactNode } from 'react';
import type { Plan } from '#shared/rules/plans';
import { pricingTexts as texts } from './texts';

export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  return (
    <article className="card plan-card" aria-labelledby={`plan-${plan.id}`}>
      <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
      <p className="plan-price">{texts.perMonth(plan.monthlyPriceMinor)}</p>
      <ul>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {action}
    </article>
  );
}
