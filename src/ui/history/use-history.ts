import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { localDay } from '../../domain/dates';
import type { Id, Transaction } from '../../domain/types';
import {
  filterTransactions,
  historySearch,
  isHistoryFiltered,
  parseHistoryFilter,
  totalsByType,
  type HistoryFilter,
} from '../../machines/data/selectors';
import { TRANSACTION_TYPE_KEYS } from '../events';
import { useAppChildren } from '../app/app-actor';
import { useT, type I18n } from '../app/use-i18n';
import { usePortfolios, useTransactions } from '../data/use-data';
import { useNeeded } from '../data/use-needed';
import { HISTORY_TEXTS, type HistoryKey } from './history-catalogue';

/** "12 of 40 transactions" while filtered, else "40 transactions". */
export function historyCountText(
  { t }: I18n<HistoryKey>,
  shown: number,
  total: number,
  filtered: boolean,
): string {
  const one = total === 1;
  if (filtered) return t(one ? 'history.countOf.one' : 'history.countOf.many', { shown, total });
  return t(one ? 'history.count.one' : 'history.count.many', { total });
}

/**
 * /history's events through the filter in its query, so back, forward and reload keep it. A
 * change replaces the entry: typing a search must not leave one back step per letter.
 */
export function useHistory() {
  const { data } = useAppChildren();
  useNeeded('investments');
  const [path, navigate] = useLocation();
  const search = useSearch();
  const filter = useMemo(() => parseHistoryFilter(search), [search]);
  // The latest day the date fields offer.
  const [today] = useState(() => localDay(new Date()));
  const { status, stale, transactions } = useTransactions();
  const { portfolios } = usePortfolios();
  const investments = useSelector(data, (s) => s.context.investments);
  const i18n = useT(HISTORY_TEXTS);
  const { t } = i18n;
  const shown = useMemo(() => {
    const portfolioOf = new Map((investments ?? []).map((i) => [i.id, i.portfolio_id]));
    return filterTransactions(transactions, filter, {
      portfolioOf: (id: Id) => portfolioOf.get(id),
      // The label as the table shows it, in the chosen language.
      typeLabel: (type) => t(TRANSACTION_TYPE_KEYS[type]),
    });
  }, [transactions, filter, investments, t]);
  const filtered = isHistoryFiltered(filter);
  const go = useCallback(
    (query: string) => navigate(query ? `${path}?${query}` : path, { replace: true }),
    [navigate, path],
  );
  // The query is the state: a value is checked when it is read back (parseHistoryFilter).
  const setFilter = useCallback(
    (key: keyof HistoryFilter, value: string) => {
      const params = new URLSearchParams(historySearch(filter));
      if (value) params.set(key, value);
      else params.delete(key);
      go(params.toString());
    },
    [go, filter],
  );
  const clear = useCallback(() => go(''), [go]);
  // Events of every portfolio are listed: each row names its own.
  const portfolioOf = useMemo(() => {
    const names = new Map(portfolios.map((p) => [p.id, p.name]));
    const of = new Map((investments ?? []).map((i) => [i.id, names.get(i.portfolio_id)]));
    return (tx: Transaction) => of.get(tx.investment_id);
  }, [portfolios, investments]);
  const portfolioOptions = useMemo(
    () => portfolios.map((p) => ({ value: p.id, label: p.name })),
    [portfolios],
  );
  return {
    status,
    stale,
    filter,
    filtered,
    today,
    total: transactions.length,
    transactions: shown,
    totals: useMemo(() => totalsByType(shown), [shown]),
    count: historyCountText(i18n, shown.length, transactions.length, filtered),
    portfolioOptions,
    portfolioOf,
    setFilter,
    clear,
  };
}
