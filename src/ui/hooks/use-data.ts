import { useCallback, useEffect, useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { Id, Investment, Portfolio, Statistics } from '../../domain/types';
import { chartKey, statsKey, type Resource } from '../../machines/data.machine';
import type { LoadStatus } from '../components/loadable';
import { useAppChildren } from './app-actor';
import { useHideSold } from './use-settings';

/** Whose figures a card shows: the user's, a portfolio's or an investment's. */
export type ValueTarget =
  { type: 'user' } | { type: 'portfolio'; id: Id } | { type: 'investment'; id: Id };

const EMPTY: never[] = [];

/**
 * Status of one resource as a screen shows it: data already held stays on screen while it
 * reloads (a period change must not blank the lists).
 */
const REFRESH = {
  user: 'refresh.user',
  valuation: 'refresh.valuation',
  portfolios: 'refresh.portfolios',
  investments: 'refresh.investments',
  events: 'refresh.events',
  currencies: 'refresh.currencies',
} as const satisfies Record<Resource, string>;

function useResource(resource: Resource) {
  const { data } = useAppChildren();
  const failed = useSelector(data, (s) => s.matches({ [resource]: 'failed' }));
  const held = useSelector(data, (s) => s.context[resource] !== undefined);
  /** Held data is shown while a newer answer is on its way (after a period change, say). */
  const refreshing = useSelector(data, (s) => s.matches({ [resource]: 'loading' })) && held;
  const error = useSelector(data, (s) => s.context.errors[resource]);
  const retry = useCallback(() => data.send({ type: REFRESH[resource] }), [data, resource]);
  const status: LoadStatus = failed ? 'failed' : held ? 'ready' : 'loading';
  return { status, error, retry, refreshing };
}

function byValueDescending<T extends { value: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.value - a.value);
}

export function usePortfolios() {
  const { data } = useAppChildren();
  const state = useResource('portfolios');
  const list = useSelector(data, (s) => s.context.portfolios);
  const portfolios = useMemo(() => byValueDescending<Portfolio>(list ?? EMPTY), [list]);
  return { ...state, portfolios };
}

/** Investments by value; sold ones (zero shares) hidden when the setting says so. */
export function useInvestments(portfolioId?: Id) {
  const { data } = useAppChildren();
  const state = useResource('investments');
  const hideSold = useHideSold();
  const list = useSelector(data, (s) => s.context.investments);
  const investments = useMemo(
    () =>
      byValueDescending<Investment>(list ?? EMPTY).filter(
        (i) =>
          (portfolioId === undefined || i.portfolio_id === portfolioId) &&
          !(hideSold && i.shares === 0),
      ),
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
    () =>
      [...(list ?? EMPTY)]
        .filter((t) => investmentId === undefined || t.investment_id === investmentId)
        .sort((a, b) => Date.parse(b.date) - Date.parse(a.date)),
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

interface Figures {
  value: number;
  change: number;
  changeRatio: number;
}

/** The headline value and change of the target over the selected period. */
export function useValue(target: ValueTarget) {
  const { data } = useAppChildren();
  const resource =
    target.type === 'user'
      ? 'valuation'
      : target.type === 'portfolio'
        ? 'portfolios'
        : 'investments';
  const state = useResource(resource);
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
    return { ...state, status: 'failed' as const, error: 'Not found.', figures };
  return { ...state, figures };
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
  const status = useSelector(data, (s) => s.context.charts[key]?.status);
  const error = useSelector(data, (s) => s.context.charts[key]?.error);
  const points = useSelector(data, (s) => s.context.charts[key]?.data) ?? EMPTY;
  const retry = useCallback(
    () => data.send({ type: 'refresh.chart', chart: { type, id } }),
    [data, type, id],
  );
  const refreshing = status === 'loading' && points.length > 0;
  const shown: LoadStatus =
    status === 'failed' ? 'failed' : status === 'loaded' || refreshing ? 'ready' : 'loading';
  return { status: shown, error, points, retry, refreshing };
}

export type StatsTarget = Exclude<ValueTarget, { type: 'user' }>;

export function useStats(target: StatsTarget) {
  const { data } = useAppChildren();
  const { type, id } = target;
  const key = statsKey({ type, id });
  useEffect(() => {
    data.send({ type: 'stats.viewed', target: { type, id } });
  }, [data, type, id]);
  const status = useSelector(data, (s) => s.context.stats[key]?.status);
  const error = useSelector(data, (s) => s.context.stats[key]?.error);
  const statistics = useSelector(data, (s): Statistics | undefined => s.context.stats[key]?.data);
  const retry = useCallback(
    () => data.send({ type: 'refresh.stats', target: { type, id } }),
    [data, type, id],
  );
  const shown: LoadStatus = status === 'failed' ? 'failed' : statistics ? 'ready' : 'loading';
  return { status: shown, error, statistics, retry };
}

/** The user's lifetime, realised and unrealised positions. */
export function usePositions() {
  const { data } = useAppChildren();
  const state = useResource('valuation');
  const positions = useSelector(data, (s) => s.context.valuation?.positions, shallowEqual);
  return { ...state, positions };
}
