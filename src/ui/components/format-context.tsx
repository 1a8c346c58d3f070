import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  AMOUNT_MASK,
  decimalMarkOf,
  formatAmount,
  formatChange,
  formatDate,
  formatRatio,
  formatShares,
  splitRatioParts,
  type AmountFormat,
  type DecimalMark,
} from '../../domain/numbers';
import { numberFormat } from '../../domain/intl';
import { useT } from '../app/use-i18n';
import './format-context.css';

const AmountFormatContext = createContext<AmountFormat>({ showCurrency: true, showDecimals: true });

/**
 * Supplies the user's amount settings (show_currency, show_decimals, privacy mode) to every
 * figure below: every screen formats its amounts here, so privacy mode masks them all.
 */
export const AmountFormatProvider = AmountFormatContext.Provider;

export interface Formatters {
  /** Text, or in privacy mode the mask, which a screen reader reads as "hidden amount". */
  amount: (value: number) => ReactNode;
  /** An amount in DKK naming its currency whatever the settings say: beside one in another. */
  dkk: (value: number) => ReactNode;
  /** Plain text for an attribute: the amount, or in privacy mode the words "hidden amount". */
  amountText: (value: number) => string;
  change: (value: number) => ReactNode;
  ratio: (ratio: number) => string;
  /** The count, or in privacy mode the mask: a count of shares tells the amount held. */
  shares: (shares: number) => string;
  /** "0.00" ("0,00"): a decimal field's placeholder, as the reader writes numbers. */
  zero: string;
  /** The reader's decimal mark, which a form writes the numbers it fills in with. */
  decimalMark: DecimalMark;
  /** "1 share", "12 shares" ("12 stk."): a count of shares with its word. */
  sharesCount: (shares: number) => string;
  date: (iso: string) => string;
  /** A split of `from` shares into `to`, as from:to with words beside it: "1:10 (10 for 1)". */
  splitRatio: (from: number, to: number) => string;
  /** Privacy mode is on: figures drawn as plain text (a chart's axis) must hide themselves. */
  amountsHidden: boolean;
  /** BCP-47 tag of the chosen language, for figures formatted elsewhere (a chart's axis). */
  locale: string | undefined;
}

/** The mask is read as "hidden amount", not as a row of bullets. */
export function HiddenAmount({ mask }: { mask: string }) {
  const { t } = useT();
  return (
    <span className="hidden-amount">
      <span aria-hidden="true">{mask}</span>
      <span className="visually-hidden">{t('format.hiddenAmount')}</span>
    </span>
  );
}

export function useFormatters(): Formatters {
  const format = useContext(AmountFormatContext);
  const { t } = useT();
  return useMemo(() => {
    const masked = (text: string): ReactNode =>
      format.hidden ? <HiddenAmount mask={text} /> : text;
    return {
      amount: (value) => masked(formatAmount(value, format)),
      dkk: (value) => masked(formatAmount(value, { ...format, showCurrency: true })),
      amountText: (value) =>
        format.hidden ? t('format.hiddenAmount') : formatAmount(value, format),
      change: (value) => masked(formatChange(value, format)),
      ratio: (ratio) => formatRatio(ratio, format.locale),
      shares: (shares) => (format.hidden ? AMOUNT_MASK : formatShares(shares, format.locale)),
      zero: numberFormat(format.locale, { minimumFractionDigits: 2 }).format(0),
      decimalMark: decimalMarkOf(format.locale),
      sharesCount: (shares) =>
        shares === 1 && !format.hidden
          ? t('shares.one')
          : t('shares.many', {
              shares: format.hidden ? AMOUNT_MASK : formatShares(shares, format.locale),
            }),
      date: (iso) => formatDate(iso),
      splitRatio: (from, to) => {
        const parts = splitRatioParts(from, to);
        const ratio = `${parts.from}:${parts.to}`;
        // 1:1 (a split not yet typed) needs no words.
        return parts.from === parts.to ? ratio : t('split.ratio', { ratio, ...parts });
      },
      amountsHidden: format.hidden === true,
      locale: format.locale,
    };
  }, [format, t]);
}
