import { Link } from 'wouter';
import { DeleteValuable } from '../valuables';
import { AllocationSection } from '../allocation';
import { ReturnsSection } from '../returns';
import { CashSection, useCash } from '../cash';
import { usePortfolio } from '../data/use-data';
import { InvestmentsSection, StatsSection, ValueCard } from '../home';
import { NameTitle } from '../components/name-title';
import { Section } from '../components/section';
import { RefreshAlert } from '../data/refresh-alert';
import { Missing } from '../app/not-found-screen';
import { useT } from '../app/use-i18n';
import { taxYearHref } from '../../machines/app/routes';
import { KindBadge, PortfolioKindField } from './portfolio-kind';
import { PORTFOLIO_TEXTS } from './portfolio-catalogue';

/** /portfolios/{id}: its total, statistics, chart and investments, and its kind for the tax year. */
export function PortfolioScreen({ id }: { id: string }) {
  const { name, kind, missing } = usePortfolio(id);
  const target = { type: 'portfolio', id } as const;
  const { t } = useT(PORTFOLIO_TEXTS);
  const cash = useCash(id, kind === 'aktiesparekonto');
  if (missing) return <Missing what="portfolio" />;
  return (
    <main className="page page--wide">
      <NameTitle name={name}>
        <KindBadge kind={kind} />
      </NameTitle>
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
          <Section title={t('portfolio.tax')}>
            <PortfolioKindField id={id} name={name} kind={kind} />
            <Link href={taxYearHref()} className="button button--secondary section__button">
              {t('menu.taxYear')}
            </Link>
          </Section>
          <DeleteValuable kind="portfolio" id={id} />
        </div>
      </div>
    </main>
  );
}
