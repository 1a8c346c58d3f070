import { Link } from 'wouter';
import { Loadable } from '../data/loadable';
import { RefreshAlert } from '../data/refresh-alert';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { useFirstStep, usePositions } from '../data/use-data';
import { FigureList, toneOf } from '../components/figures/stats-table';
import { AllocationSection } from '../allocation';
import { ReturnsSection } from '../returns';
import { FirstStepCard } from './first-step';
import { ValueCard } from './value-card';
import { useFormatters } from '../components/format-context';
import { useT } from '../app/use-i18n';
import { PortfoliosSection, InvestmentsSection } from './valuables-sections';

/**
 * /home: the user's total, then all portfolios and all investments. An account with nothing to
 * value yet sees its first step over the two lists instead (zeros and a flat chart would say
 * nothing): the lists' empty texts are the step's links.
 */
export function HomeScreen() {
  const step = useFirstStep();
  const { t } = useT();
  if (step) {
    return (
      <main className="page">
        <h1 className="visually-hidden">{t('home.title')}</h1>
        <div className="stack">
          <FirstStepCard step={step} />
          <PortfoliosSection />
          <InvestmentsSection />
        </div>
      </main>
    );
  }
  return (
    <main className="page page--wide">
      <h1 className="visually-hidden">{t('home.title')}</h1>
      <RefreshAlert />
      <div className="page-grid">
        <div className="stack">
          <ValueCard target={{ type: 'user' }} label={t('home.totalValue')} />
          <PositionsSection />
          <ReturnsSection target={{ type: 'user' }} />
          <Link href="/income" className="button button--secondary">
            {t('home.income')}
          </Link>
        </div>
        <div className="stack">
          <PortfoliosSection />
          <InvestmentsSection />
        </div>
      </div>
      <AllocationSection scope="home" />
    </main>
  );
}

function PositionsSection() {
  const { status, stale, positions } = usePositions();
  const f = useFormatters();
  const { t } = useT();
  return (
    <Section title={t('home.positions')} flush>
      <Loadable
        status={status}
        stale={stale}
        skeleton={<SkeletonRows rows={3} label={t('home.loadingPositions')} />}
      >
        {() =>
          positions && (
            <FigureList
              label={t('home.positions')}
              rows={[
                {
                  label: t('home.lifetime'),
                  value: f.change(positions.lifetime),
                  tone: toneOf(positions.lifetime),
                },
                {
                  label: t('home.realised'),
                  value: f.change(positions.realised),
                  tone: toneOf(positions.realised),
                },
                {
                  label: t('home.unrealised'),
                  value: f.change(positions.unrealised),
                  tone: toneOf(positions.unrealised),
                },
              ]}
            />
          )
        }
      </Loadable>
    </Section>
  );
}
