import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { PORTFOLIO_KINDS, type PortfolioKind } from '../../domain/tax/kinds';
import { flowDeps } from '../../machines/app/app.machine';
import { portfolioKind, portfolioKindMachine } from '../../machines/portfolios';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useT } from '../app/use-i18n';
import { SelectField } from '../forms/field';
import './portfolio-kind.css';
import { PORTFOLIO_TEXTS } from './portfolio-catalogue';

/** Free funds / Aktiesparekonto / Pension, as a select offers them. */
export function useKindOptions() {
  const { t } = useT(PORTFOLIO_TEXTS);
  return PORTFOLIO_KINDS.map((kind) => ({ value: kind, label: t(`portfolio.kind.${kind}`) }));
}

/** The kind's badge: aktiesparekonto and pension only, free funds being the usual case. */
export function KindBadge({ kind }: { kind: PortfolioKind }) {
  const { t } = useT(PORTFOLIO_TEXTS);
  if (kind === 'free') return null;
  return <span className="badge page__badge">{t(`portfolio.kind.${kind}`)}</span>;
}

/** The portfolio's kind, saved as soon as another is chosen. */
export function PortfolioKindField({
  id,
  name,
  kind,
}: {
  id: string;
  name: string | undefined;
  kind: PortfolioKind;
}) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(portfolioKindMachine, { api, data, session, notices, portfolioId: id });
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const choose = useCallback(
    (value: string) => {
      if (name !== undefined) actor.send({ type: 'kind.chosen', kind: portfolioKind(value), name });
    },
    [actor, name],
  );
  const { t } = useT(PORTFOLIO_TEXTS);
  return (
    <SelectField
      label={t('portfolio.kind')}
      name="kind"
      options={useKindOptions()}
      value={kind}
      onValueChange={choose}
      disabled={saving || name === undefined}
      hint={t('portfolio.kindHint')}
      errors={failure ? [failure] : undefined}
    />
  );
}
