import { Link } from 'wouter';
import { PlusIcon } from '../components/icons';
import { Loadable } from '../components/loadable';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { ValuablesTable } from '../components/valuables-table';
import { useInvestments, usePortfolios, usePositions } from '../hooks/use-data';
import { StatsTable, toneOf } from '../components/stats-table';
import { useRename } from '../hooks/use-rename';
import { ValueCard } from './value-card';
import { useFormatters } from '../components/format-context';

/** /home: the user's total, then all portfolios and all investments. */
export function HomeScreen() {
  return (
    <main className="page page--wide">
      <h1 className="visually-hidden">Dashboard</h1>
      <div className="page-grid">
        <div className="stack">
          <ValueCard target={{ type: 'user' }} label="Total value" />
          <PositionsSection />
        </div>
        <div className="stack">
          <PortfoliosSection />
          <InvestmentsSection />
        </div>
      </div>
    </main>
  );
}

function PositionsSection() {
  const { status, error, retry, positions } = usePositions();
  const f = useFormatters();
  return (
    <Section title="Positions" flush>
      <Loadable
        status={status}
        error={error}
        onRetry={retry}
        skeleton={<SkeletonRows rows={3} label="Loading positions" />}
      >
        {() =>
          positions && (
            <StatsTable
              label="Positions"
              rows={[
                {
                  label: 'Lifetime',
                  value: f.change(positions.lifetime),
                  tone: toneOf(positions.lifetime),
                },
                {
                  label: 'Realised',
                  value: f.change(positions.realised),
                  tone: toneOf(positions.realised),
                },
                {
                  label: 'Unrealised',
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

function AddLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="icon-button icon-button--soft" aria-label={label}>
      <PlusIcon />
    </Link>
  );
}

function PortfoliosSection() {
  const { status, error, retry, portfolios } = usePortfolios();
  const rename = useRename('portfolio');
  return (
    <Section
      title="Portfolios"
      flush
      action={<AddLink href="/portfolios/create" label="Add portfolio" />}
    >
      <Loadable
        status={status}
        error={error}
        onRetry={retry}
        skeleton={<SkeletonRows label="Loading portfolios" />}
      >
        {() =>
          portfolios.length === 0 ? (
            <p className="empty">
              <Link href="/portfolios/create">Click here to create a portfolio</Link>
            </p>
          ) : (
            <ValuablesTable
              label="Portfolios"
              rename={rename}
              rows={portfolios.map((p) => ({
                id: p.id,
                name: p.name,
                href: `/portfolios/${p.id}`,
                value: p.value,
                change: p.change,
                changeRatio: p.changeRatio,
                detail: p.investments === 1 ? '1 investment' : `${p.investments} investments`,
              }))}
            />
          )
        }
      </Loadable>
    </Section>
  );
}

/** The investments table of home and of a portfolio (then filtered by its id). */
export function InvestmentsSection({ portfolioId }: { portfolioId?: string }) {
  const { status, error, retry, investments } = useInvestments(portfolioId);
  const rename = useRename('investment');
  const f = useFormatters();
  return (
    <Section
      title="Investments"
      flush
      action={<AddLink href="/investments/create" label="Add investment" />}
    >
      <Loadable
        status={status}
        error={error}
        onRetry={retry}
        skeleton={<SkeletonRows label="Loading investments" />}
      >
        {() =>
          investments.length === 0 ? (
            <p className="empty">
              <Link href="/investments/create">Click here to create an Investment</Link>
            </p>
          ) : (
            <ValuablesTable
              label="Investments"
              rename={rename}
              rows={investments.map((i) => ({
                id: i.id,
                name: i.name,
                href: `/investments/${i.id}`,
                value: i.value,
                change: i.change,
                changeRatio: i.changeRatio,
                detail: `${f.shares(i.shares)} shares`,
              }))}
            />
          )
        }
      </Loadable>
    </Section>
  );
}
