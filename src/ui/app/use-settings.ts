import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AmountFormat } from '../../domain/numbers';
import { LOCALE_TAGS } from '../../i18n';
import { SETTING_KEYS, type SettingKey } from '../../machines/app/settings.machine';
import { useAppChildren } from './app-actor';
import { useT } from './use-i18n';

/** The spec's toggles with their labels ("Show currency") and descriptions. */
export function useSettings() {
  const { settings: actor } = useAppChildren();
  const values = useSelector(actor, (s) => s.context.settings);
  const { t } = useT();
  const settings = useMemo(
    () =>
      SETTING_KEYS.map((key) => ({
        key,
        label: t(`settings.${key}`),
        description: t(`settings.${key}.description`),
        on: values[key],
      })),
    [values, t],
  );
  const toggle = useCallback(
    (key: SettingKey) => actor.send({ type: 'setting.toggled', key }),
    [actor],
  );
  return { settings, toggle };
}

/** show_currency, show_decimals, privacy mode and the language as the domain's formatting options. */
export function useAmountFormat(): AmountFormat {
  const { settings: actor } = useAppChildren();
  const locale = useSelector(actor, (s) => LOCALE_TAGS[s.context.language]);
  const showCurrency = useSelector(actor, (s) => s.context.settings.show_currency);
  const showDecimals = useSelector(actor, (s) => s.context.settings.show_decimals);
  const hidden = useSelector(actor, (s) => s.context.hideAmounts);
  return useMemo(
    () => ({ showCurrency, showDecimals, hidden, locale }),
    [showCurrency, showDecimals, hidden, locale],
  );
}

/** Privacy mode: the top bar's Hide amounts. */
export function usePrivacy() {
  const { settings: actor } = useAppChildren();
  const amountsHidden = useSelector(actor, (s) => s.context.hideAmounts);
  const toggleAmounts = useCallback(() => actor.send({ type: 'privacy.toggled' }), [actor]);
  return { amountsHidden, toggleAmounts };
}

/** Whether the charts show the benchmark's line beside the value, and its switch. */
export function useBenchmarkComparison() {
  const { settings: actor } = useAppChildren();
  const comparing = useSelector(actor, (s) => s.context.compareBenchmark);
  const toggleComparison = useCallback(() => actor.send({ type: 'benchmark.toggled' }), [actor]);
  return { comparing, toggleComparison };
}

export function useHideSold(): boolean {
  const { settings: actor } = useAppChildren();
  return useSelector(actor, (s) => s.context.settings.hide_sold_investments);
}
