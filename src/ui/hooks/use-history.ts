import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { localDay } from '../../domain/dates';
import type { Id } from '../../domain/types';
import {
  filterTransactions,
  historyCountText,
  historySearch,
  isHistoryFiltered,
  parseHistoryFilter,
  type HistoryFilter,
} from '../../machines/selectors';
import { TRANSACTION_TYPE_LABELS } from '../components/transactions-table';
import { useAppChildren } from './app-actor';
import { usePortfolios, useTransactions } from './use-data';

/**
 * /history's events through the filter in its query, so back, forward and reload keep it. A
 * change replaces the entry: typing a search must not leave one back step per letter.
 */
export function useHistory() {
  const { data } = useAppChildren();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const filter = useMemo(() => parseHistoryFilter(search), [search]);
  // The latest day the date fields offer.
  const [today] = useState(() => localDay(new Date()));
  const { status, stale, transactions } = useTransactions();
  const { portfolios } = usePortfolios();
  const investments = useSelector(data, (s) => s.context.investments);
  const shown = useMemo(() => {
    const portfolioOf = new Map((investments ?? []).map((i) => [i.id, i.portfolio_id]));
    return filterTransactions(transactions, filter, {
      portfolioOf: (id: Id) => portfolioOf.get(id),
      typeLabel: (type) => TRANSACTION_TYPE_LABELS[type],
    });
  }, [transactions, filter, investments]);
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
    count: historyCountText(shown.length, transactions.length, filtered),
    portfolioOptions,
    setFilter,
    clear,
  };
}
