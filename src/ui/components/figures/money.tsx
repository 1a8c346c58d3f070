import { useCallback, type ReactNode } from 'react';
import { formatMoney, formatPrice } from '../../../domain/money';
import { AMOUNT_MASK } from '../../../domain/numbers';
import { HiddenAmount, useFormatters } from '../format-context';
import './money.css';

/** Prices in their own currency; in privacy mode masked like every amount ("USD ••••"). */
export function useMoney(): (value: number, currency: string) => ReactNode {
  const { amountsHidden, locale } = useFormatters();
  return useCallback(
    (value, currency) =>
      amountsHidden ? (
        <HiddenAmount mask={formatMoney(0, currency, locale).replace(/\d[\d.,]*/, AMOUNT_MASK)} />
      ) : (
        formatPrice(value, currency, locale)
      ),
    [amountsHidden, locale],
  );
}

/**
 * An amount as entered with its DKK figure after it ("USD 17,300.00 · DKK 117,510.76"); without
 * one in another currency (entered in DKK, or a backend that does not say), DKK alone.
 */
export function AsEntered({ entered, dkk }: { entered: ReactNode | undefined; dkk: ReactNode }) {
  if (entered === undefined) return dkk;
  return (
    <span className="as-entered">
      <span className="as-entered__own">{entered}</span>
      <span className="as-entered__dot"> · </span>
      <span className="as-entered__dkk">{dkk}</span>
    </span>
  );
}
