import { useCallback, useEffect, useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { Id, Period, Statistics } from '../../domain/types';
import { chartKey, statsKey, type Resource } from '../../machines/data.machine';
import {
  byValueDescending,
  entryView,
  firstStep,
  investmentFacts,
  loadView,
  newestFirst,
  recoveryMessage,
  shownInvestments,
  type InvestmentFacts,
  type LoadView,
} from '../../machines/selectors';
import { useAppChildren } from './app-actor';
import { useHideSold } from './use-settings';

/** Whose figures a card shows: the user's, a portfolio's or an investment's. */
export type ValueTarget =
  { type: 'user' } | { type: 'portfolio'; id: Id } | { type: 'investment'; id: Id };

const EMPTY: never[] = [];

/**
 * How a screen shows one resource: data already held stays on screen while it reloads (a period
 * change must not blank the lists) and when the reload fails (then marked out of date).
 */
function useResource(resource: Resource): LoadView {
  const { data } = useAppChildren();
  const held = useSelector(data, (s) => s.context[resource] !== undefined);
  const failed = useSelector(data, (s) => s.context.errors[resource] !== undefined);
  const loading = useSelector(data, (s) => s.matches({ [resource]: 'loading' }));
  return useMemo(() => loadView(held, failed, loading), [held, failed, loading]);
}

export function usePortfolios() {
  const { data } = useAppChildren();
  const state = useResource('portfolios');
  const list = useSelector(data, (s) => s.context.portfolios);
  const portfolios = useMemo(() => byValueDescending(list ?? EMPTY), [list]);
  return { ...state, portfolios };
}

/** The step home shows a new account instead of zeros, or undefined. */
export function useFirstStep() {
  const { data } = useAppChildren();
  return useSelector(data, (s) => firstStep(s.context.portfolios, s.context.investments));
}

/** Investments by value; sold ones (zero shares) hidden when the setting says so. */
export function useInvestments(portfolioId?: Id) {
  const { data } = useAppChildren();
  const state = useResource('investments');
  const hideSold = useHideSold();
  const list = useSelector(data, (s) => s.context.investments);
  const investments = useMemo(
    () => shownInvestments(list ?? EMPTY, { portfolioId, hideSold }),
    [list, portfolioId, hideSold],
  );
  return { ...state, investments };
}

/** Events newest first; one investment's when `investmentId` is given. */
export function useTransactions(investmentId?: Id) {
  const { data } = useAppChildren();
  const state = useResource('events');
  const list = useSelector(data, (s) => s.context.events);
  const transactions = useMemo(
    () => newestFirst(list ?? EMPTY, investmentId),
    [list, investmentId],
  );
  return { ...state, transactions };
}

export function usePortfolio(id: Id) {
  const { data } = useAppChildren();
  const state = useResource('portfolios');
  const name = useSelector(data, (s) => s.context.portfolios?.find((p) => p.id === id)?.name);
  return { name, missing: state.status === 'ready' && name === undefined };
}

export function useInvestment(id: Id) {
  const { data } = useAppChildren();
  const state = useResource('investments');
  const name = useSelector(data, (s) => s.context.investments?.find((i) => i.id === id)?.name);
  const shares = useSelector(
    data,
    (s) => s.context.investments?.find((i) => i.id === id)?.shares ?? 0,
  );
  return { name, shares, missing: state.status === 'ready' && name === undefined };
}

/** The facts of an investment's header; undefined until the investments are loaded. */
export function useInvestmentFacts(id: Id): InvestmentFacts | undefined {
  const { data } = useAppChildren();
  return useSelector(
    data,
    (s) => {
      const { investments, portfolios } = s.context;
      const investment = investments?.find((i) => i.id === id);
      if (!investment) return undefined;
      return investmentFacts(
        investment,
        portfolios?.find((p) => p.id === investment.portfolio_id),
      );
    },
    shallowEqual,
  );
}

interface Figures {
  value: number;
  change: number;
  changeRatio: number;
}

/** The headline value and change of the target, and the period they are for. */
export function useValue(target: ValueTarget) {
  const { data } = useAppChildren();
  const resource =
    target.type === 'user'
      ? 'valuation'
      : target.type === 'portfolio'
        ? 'portfolios'
        : 'investments';
  const state = useResource(resource);
  const period = useSelector(data, (s): Period | undefined => s.context.periods[resource]);
  const id = target.type === 'user' ? undefined : target.id;
  const figures = useSelector(
    data,
    (s): Figures | undefined => {
      const { valuation, portfolios, investments } = s.context;
      const found =
        target.type === 'user'
          ? valuation?.value
          : (target.type === 'portfolio' ? portfolios : investments)?.find((x) => x.id === id);
      return found && { value: found.value, change: found.change, changeRatio: found.changeRatio };
    },
    shallowEqual,
  );
  if (state.status === 'ready' && !figures)
    return { ...state, status: 'failed' as const, error: 'Not found.', figures, period };
  return { ...state, error: undefined, figures, period };
}

/** The target's chart; viewing it makes it the active chart (refreshed on period change). */
export function useChart(target: ValueTarget) {
  const { data } = useAppChildren();
  const id = target.type === 'user' ? undefined : target.id;
  const type = target.type;
  const key = chartKey({ type, id });
  useEffect(() => {
    data.send({ type: 'screen.viewed', chart: { type, id } });
  }, [data, type, id]);
  const view = useSelector(data, (s) => entryView(s.context.charts[key]), shallowEqual);
  const points = useSelector(data, (s) => s.context.charts[key]?.data) ?? EMPTY;
  const period = useSelector(data, (s) => s.context.charts[key]?.period);
  return { ...view, points, period };
}

export type StatsTarget = Exclude<ValueTarget, { type: 'user' }>;

export function useStats(target: StatsTarget) {
  const { data } = useAppChildren();
  const { type, id } = target;
  const key = statsKey({ type, id });
  useEffect(() => {
    data.send({ type: 'stats.viewed', target: { type, id } });
  }, [data, type, id]);
  const view = useSelector(data, (s) => entryView(s.context.stats[key]), shallowEqual);
  const statistics = useSelector(data, (s): Statistics | undefined => s.context.stats[key]?.data);
  return { ...view, statistics };
}

/** The user's lifetime, realised and unrealised positions. */
export function usePositions() {
  const { data } = useAppChildren();
  const state = useResource('valuation');
  const positions = useSelector(data, (s) => s.context.valuation?.positions, shallowEqual);
  return { ...state, positions };
}

/** The screen's one failure message (undefined when nothing failed) and its Retry. */
export function useRecovery() {
  const { data } = useAppChildren();
  const message = useSelector(data, recoveryMessage);
  const retry = useCallback(() => data.send({ type: 'retry.requested' }), [data]);
  return { message, retry };
}
