import { DeleteValuable } from '../components/delete-button';
import { AllocationSection } from './allocation-section';
import { usePortfolio } from '../hooks/use-data';
import { InvestmentsSection } from './home-screen';
import { StatsSection } from './stats-section';
import { ValueCard } from './value-card';
import { Skeleton } from '../components/states';
import { RefreshAlert } from '../components/refresh-alert';
import { Missing } from './not-found-screen';
import { useT } from '../hooks/use-i18n';

/** /portfolios/{id}: its total, statistics, chart and investments. */
export function PortfolioScreen({ id }: { id: string }) {
  const { name, missing } = usePortfolio(id);
  const target = { type: 'portfolio', id } as const;
  const { t } = useT();
  if (missing) return <Missing what="portfolio" />;
  return (
    <main className="page page--wide">
      <h1 className="page__title">{name ?? <Skeleton width={160} height={26} />}</h1>
      <RefreshAlert />
      <div className="page-grid">
        <div className="stack">
          <ValueCard target={target} label={t('home.totalValue')} />
          <StatsSection target={target} title={t('stats.portfolio')} />
        </div>
        <div className="stack">
          <InvestmentsSection portfolioId={id} />
          <AllocationSection scope="portfolio" portfolioId={id} />
          <DeleteValuable kind="portfolio" id={id} />
        </div>
      </div>
    </main>
  );
}
