import { DeleteValuable } from '../valuables';
import { AllocationSection } from '../allocation';
import { ReturnsSection } from '../returns';
import { CashSection, useCash } from '../cash';
import { usePortfolio } from '../data/use-data';
import { InvestmentsSection, StatsSection, ValueCard } from '../home';
import { Skeleton } from '../components/states';
import { RefreshAlert } from '../data/refresh-alert';
import { Missing } from '../app/not-found-screen';
import { useT } from '../app/use-i18n';

/** /portfolios/{id}: its total, statistics, chart and investments. */
export function PortfolioScreen({ id }: { id: string }) {
  const { name, missing } = usePortfolio(id);
  const target = { type: 'portfolio', id } as const;
  const { t } = useT();
  const cash = useCash(id);
  if (missing) return <Missing what="portfolio" />;
  return (
    <main className="page page--wide">
      <h1 className="page__title">{name ?? <Skeleton width={160} height={26} />}</h1>
      <RefreshAlert />
      <div className="page-grid">
        <div className="stack">
          <ValueCard target={target} label={t('home.totalValue')} />
          <StatsSection target={target} title={t('stats.portfolio')} />
          <ReturnsSection target={target} />
          <CashSection cash={cash} />
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
