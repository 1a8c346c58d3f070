import { useId } from 'react';
import { AllocationChart } from './allocation-chart';
import { Section } from '../components/section';
import { useAllocation } from './use-allocation';
import { useT } from '../app/use-i18n';
import type { AllocationScope } from '../../machines/allocation';
import { ALLOCATION_TEXTS } from './allocation-catalogue';

/**
 * How the current value is spread, folded until asked for; hidden while there is nothing held
 * (or nothing loaded).
 */
export function AllocationSection({
  scope,
  portfolioId,
}: {
  scope: AllocationScope;
  portfolioId?: string;
}) {
  const { t } = useT(ALLOCATION_TEXTS);
  const { slices, grouping, groupings, select, shown, show, fold } = useAllocation(
    scope,
    portfolioId,
  );
  const contentId = useId();
  if (slices.length === 0) return null;
  const toggle = (
    <button
      type="button"
      className="button button--ghost button--small"
      aria-expanded={shown}
      aria-controls={contentId}
      onClick={shown ? fold : show}
    >
      {t(shown ? 'allocation.hide' : 'allocation.show')}
    </button>
  );
  return (
    <Section title={t('allocation.title')} action={toggle}>
      <div id={contentId}>
        {shown && (
          <AllocationChart
            slices={slices}
            grouping={grouping}
            groupings={groupings}
            onGroupingChange={select}
          />
        )}
      </div>
    </Section>
  );
}
