import { useCallback, useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { Id, Investment, Period, Statistics } from '../../domain/types';
import type { Resource } from '../../machines/data/changes';
import { chartKey, statsKey } from '../../machines/data/data.machine';
import {
  byValueDescending,
  entryView,
  FIRST_STEP,
  holdings,
  investmentFactsView,
  newestFirst,
  outOfDate,
  recoveryMessage,
  shownInvestments,
  type HeldView,
  type InvestmentFacts,
  type LoadView,
} from '../../machines/data/selectors';
import { useAppChildren } from '../app/app-actor';
import { useNeeded } from './use-needed';
import { useHideSold } from '../app/use-settings';

/** Whose figures a card shows: the user's, a portfolio's or an investment's. */
export type ValueTarget =
  | { type: 'user' }
  | { type: 'portfolio'; id: Id }
  | { type: 'investment'; id: Id };

const EMPTY: never[] = [];

const INVESTMENTS: HeldView<Investment[] | undefined> = {
  reads: ['investments'],
  select: (held) => held.investments,
};

/**
 * How a screen shows one resource it needs: data already held stays on screen while it reloads
 * (a period change must not blank the lists) and when the reload fails (then marked out of date).
 */
function useResource(resource: Resource): LoadView {
  const { data } = useAppChildren();
  useNeeded(resource);
  const held = useSelector(data, (s) => s.context[resource] !== undefined);
  return useSelector(data, (s) => entryView(s.context.entries[resource], held), shallowEqual);
}

export function usePortfolios() {
  const { data } = useAppChildren();
  const state = useResource('portfolios');
  const list = useSelector(data, (s) => s.context.portfolios);
  const portfolios = useMemo(() => byValueDescending(list ?? EMPTY), [list]);
  return { ...state, portfolios };
}

/** What `view` makes of what data holds; the calling view needs every resource it reads. */
function useHeld<T>(view: HeldView<T>, compare?: (a: T, b: T) => boolean): T {
  const { data } = useAppChildren();
  useNeeded(...view.reads);
  return useSelector(data, (s) => view.select(s.context), compare);
}

/** The step home shows a new account instead of zeros, or undefined. */
export function useFirstStep() {
  return useHeld(FIRST_STEP);
}

/**
 * Investments by value; sold ones (zero shares) hidden when the setting says so, unless
 * `showSold`. `hiddenSold` counts the sold ones the setting hides, for a button that shows them.
 */
export function useInvestments(portfolioId?: Id, showSold = false) {
  const { data } = useAppChildren();
  const state = useResource('investments');
  const hideSold = useHideSold();
  const list = useSelector(data, (s) => s.context.investments);
  const investments = useMemo(
    () => shownInvestments(list ?? EMPTY, { portfolioId, hideSold: hideSold && !showSold }),
    [list, portfolioId, hideSold, showSold],
  );
  const hiddenSold = hideSold ? holdings(list ?? EMPTY, portfolioId).sold : 0;
  return { ...state, investments, hiddenSold };
}

/** Held and sold investments of each portfolio; undefined until the investments are loaded. */
export function useHoldings() {
  const list = useHeld(INVESTMENTS);
  return useCallback(
    (portfolioId: Id) => (list === undefined ? undefined : holdings(list, portfolioId)),
    [list],
  );
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
  const kind = useSelector(
    data,
    (s) => s.context.portfolios?.find((p) => p.id === id)?.kind ?? 'free',
  );
  return { name, kind, missing: state.status === 'ready' && name === undefined };
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
  return useHeld(
    useMemo(() => investmentFactsView(id), [id]),
    shallowEqual,
  );
}

interface Figures {
  value: number;
  change: number;
  changeRatio: number;
  /** ISO instant Day's change is from when the markets were closed (the answer's `since`). */
  since?: string;
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
  const period = useSelector(data, (s): Period | undefined => s.context.entries[resource]?.period);
  const id = target.type === 'user' ? undefined : target.id;
  const figures = useSelector(
    data,
    (s): Figures | undefined => {
      const { valuation, portfolios, investments } = s.context;
      const found =
        target.type === 'user'
          ? valuation && { ...valuation.value, since: valuation.since }
          : (target.type === 'portfolio' ? portfolios : investments)?.find((x) => x.id === id);
      return (
        found && {
          value: found.value,
          change: found.change,
          changeRatio: found.changeRatio,
          since: found.since,
        }
      );
    },
    shallowEqual,
  );
  if (state.status === 'ready' && !figures)
    return { ...state, status: 'failed' as const, error: 'Not found.', figures, period };
  return { ...state, error: undefined, figures, period };
}

/** The target's chart, loaded each time it is shown and while shown after a change. */
export function useChart(target: ValueTarget) {
  const { data } = useAppChildren();
  const key = chartKey(target.type === 'user' ? { type: 'user' } : target);
  useNeeded(key);
  const points = useSelector(data, (s) => s.context.charts[key]);
  const benchmark = useSelector(data, (s) => s.context.benchmarks[key]);
  const view = useSelector(
    data,
    (s) => entryView(s.context.entries[key], points !== undefined),
    shallowEqual,
  );
  const period = useSelector(data, (s) => s.context.entries[key]?.period);
  return { ...view, points: points ?? EMPTY, benchmark, period };
}

export type StatsTarget = Exclude<ValueTarget, { type: 'user' }>;

export function useStats(target: StatsTarget) {
  const { data } = useAppChildren();
  const key = statsKey(target);
  useNeeded(key);
  const statistics = useSelector(data, (s): Statistics | undefined => s.context.stats[key]);
  const view = useSelector(
    data,
    (s) => entryView(s.context.entries[key], statistics !== undefined),
    shallowEqual,
  );
  return { ...view, statistics };
}

/** The user's lifetime, realised and unrealised positions. */
export function usePositions() {
  const { data } = useAppChildren();
  const state = useResource('valuation');
  const positions = useSelector(data, (s) => s.context.valuation?.positions, shallowEqual);
  return { ...state, positions };
}

/**
 * The screen's one failure message (undefined when nothing failed), what it kept on screen from
 * before (`outOfDate`), and its Retry.
 */
export function useRecovery() {
  const { data } = useAppChildren();
  const message = useSelector(data, recoveryMessage);
  const kept = useSelector(data, outOfDate, shallowEqual);
  const retry = useCallback(() => data.send({ type: 'retry.requested' }), [data]);
  return { message, kept, retry };
}
