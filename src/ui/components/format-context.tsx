import { createContext, useContext, useMemo } from 'react';
import {
  formatAmount,
  formatChange,
  formatDate,
  formatRatio,
  formatShares,
  type AmountFormat,
} from '../../domain/numbers';

const AmountFormatContext = createContext<AmountFormat>({ showCurrency: true, showDecimals: true });

/** Supplies the user's amount settings (show_currency, show_decimals) to every figure below. */
export const AmountFormatProvider = AmountFormatContext.Provider;

export interface Formatters {
  amount: (value: number) => string;
  change: (value: number) => string;
  ratio: (ratio: number) => string;
  shares: (shares: number) => string;
  date: (iso: string) => string;
}

export function useFormatters(): Formatters {
  const format = useContext(AmountFormatContext);
  return useMemo(
    () => ({
      amount: (value) => formatAmount(value, format),
      change: (value) => formatChange(value, format),
      ratio: (ratio) => formatRatio(ratio),
      shares: (shares) => formatShares(shares),
      date: (iso) => formatDate(iso),
    }),
    [format],
  );
}
