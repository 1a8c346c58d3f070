import { AllocationChart } from '../components/allocation-chart';
import { Section } from '../components/section';
import { useAllocation } from '../hooks/use-allocation';
import { useT } from '../hooks/use-i18n';
import type { AllocationScope } from '../../machines/allocation.machine';

/** How the current value is spread; hidden while there is nothing held (or nothing loaded). */
export function AllocationSection({
  scope,
  portfolioId,
}: {
  scope: AllocationScope;
  portfolioId?: string;
}) {
  const { t } = useT();
  const { slices, grouping, groupings, select } = useAllocation(scope, portfolioId);
  if (slices.length === 0) return null;
  return (
    <Section title={t('allocation.title')}>
      <AllocationChart
        slices={slices}
        grouping={grouping}
        groupings={groupings}
        onGroupingChange={select}
      />
    </Section>
  );
}
