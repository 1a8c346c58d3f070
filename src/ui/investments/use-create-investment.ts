import { useCallback, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { shallowEqual, useSelector } from '@xstate/react';
import { localDay } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import type { SuggestedInstrument } from '../../domain/market';
import { flowDeps } from '../../machines/app/app.machine';
import {
  createInvestmentMachine,
  isFieldEnabled,
  pageOf,
  type InvestmentField,
} from '../../machines/investments';
import { tradeTotal } from '../../machines/events';
import { PORTFOLIO_PARAM } from '../../machines/app/routes';
import { useAppActor, useAppChildren } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useT } from '../app/use-i18n';
import { useNeeded } from '../data/use-needed';
import { useFormatters } from '../components/format-context';

const NO_SUGGESTIONS: readonly SuggestedInstrument[] = [];

/**
 * The Add investment paged form: page, values, errors and the intentions of its buttons. The
 * portfolio starts as the one the form was opened for, or (the machine's choice) the only one.
 */
export function useCreateInvestment() {
  const app = useAppActor();
  const { data } = useAppChildren();
  useNeeded('portfolios', 'currencies');
  const portfolioId = new URLSearchParams(useSearch()).get(PORTFOLIO_PARAM) ?? undefined;
  // The user's day when the form opened: the first buy's default date and the latest allowed.
  const [today] = useState(() => localDay(new Date()));
  const { decimalMark } = useFormatters();
  const actor = useFlow(createInvestmentMachine, {
    ...flowDeps(app),
    ...{ portfolioId, today, decimalMark },
  });
  const page = useSelector(actor, pageOf);
  const values = useSelector(actor, (s) => s.context.values, shallowEqual);
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const enabled = useSelector(
    actor,
    (s) => ({ instrument: isFieldEnabled(s, 'name'), details: isFieldEnabled(s, 'shares') }),
    shallowEqual,
  );
  const search = useSelector(actor, (s) => s.context.search);
  const suggestions = useSelector(search, (s) =>
    s.hasTag('open') ? s.context.suggestions : NO_SUGGESTIONS,
  );
  const activeSuggestion = useSelector(search, (s) => s.context.active);
  const unidentified = useSelector(actor, (s) => s.context.unidentified);
  const { locale } = useT();
  // The first purchase is a buy: its Total as the Buy overlay shows it.
  const total = useSelector(actor, (s) => {
    const value = tradeTotal('buy', s.context.values);
    return value === undefined
      ? undefined
      : formatMoney(value, s.context.values.currency_code, locale);
  });
  const portfolios = useSelector(data, (s) => s.context.portfolios);
  const currencies = useSelector(data, (s) => s.context.currencies);
  const portfolioOptions = useMemo(
    () => (portfolios ?? []).map((p) => ({ value: p.id, label: p.name })),
    [portfolios],
  );
  const currencyOptions = useMemo(
    () => (currencies ?? [values.currency_code]).map((code) => ({ value: code, label: code })),
    [currencies, values.currency_code],
  );

  const change = useCallback(
    (field: InvestmentField, value: string) => actor.send({ type: 'form.changed', field, value }),
    [actor],
  );
  /** Dots and swipes: forward is Next (checked), backward is Back. */
  const goTo = useCallback(
    (target: number) => {
      if (target > page) actor.send({ type: 'form.next' });
      else if (target < page) actor.send({ type: 'form.back' });
    },
    [actor, page],
  );
  const chooseSuggestion = useCallback(
    (index: number) => {
      const instrument = search.getSnapshot().context.suggestions[index];
      if (instrument) actor.send({ type: 'instrument.chosen', instrument });
    },
    [actor, search],
  );
  const moveSuggestion = useCallback(
    (by: 1 | -1) => search.send({ type: 'search.moved', by }),
    [search],
  );
  const dismissSuggestions = useCallback(() => search.send({ type: 'search.dismissed' }), [search]);
  const back = useCallback(() => actor.send({ type: 'form.back' }), [actor]);
  const submit = useCallback(() => actor.send({ type: 'form.submitted' }), [actor]);
  return {
    today,
    page,
    lastPage: 1,
    values,
    errors,
    formError,
    submitting,
    enabled,
    portfolioOptions,
    /** Loaded, and none: an investment has nowhere to go until a portfolio exists. */
    noPortfolio: portfolios?.length === 0,
    currencyOptions,
    total,
    suggestions,
    activeSuggestion,
    /** The name of a suggestion chosen without an ISIN, until one is typed. */
    unidentified,
    chooseSuggestion,
    moveSuggestion,
    dismissSuggestions,
    change,
    goTo,
    back,
    submit,
  };
}
