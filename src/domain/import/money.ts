// A trade's money held against the file's own amount (Nordnet `Beløb`, Saxo's booked amount,
// DEGIRO's `Mutatie` and `Local value`, IBKR's `TradeMoney`): shares × price ± fee, at the file's
// rate when the amount is in another currency, must give the amount to within its rounding.

import Big from 'big.js';

export interface TradeMoney {
  action: 'buy' | 'sell';
  shares: string;
  /** Price and fee as booked, in `currency`. */
  price: string;
  fee: string;
  currency: string;
  /** The file's amount, unsigned, in `amountCurrency` (pence made pounds). */
  amount: string;
  amountCurrency: string;
  /** Units of `amountCurrency` per unit of `currency`, as the file writes it per booked unit. */
  rate?: string;
  /** The rate's decimals as read: its rounding is half a unit of the last one. */
  rateDecimals: number;
  /**
   * The amount leaves the fee out (DEGIRO's `Local value`, IBKR's `TradeMoney`); undefined for a
   * file mapped by hand, whose amount may be either.
   */
  gross?: boolean;
  /** The fee was worked out from the amount, to the cent (Saxo). */
  feeFromAmount: boolean;
}

export type MoneyCheck =
  | { result: 'ok' | 'unchecked' }
  | { result: 'mismatch'; computed: string }
  /** The price is in the instrument's trading currency: booked at this price in `amountCurrency`. */
  | { result: 'trading_currency'; price: string };

/**
 * The broker rounds the amount to the cent, and prints its rate rounded: the tolerance is a cent
 * (and a half for a fee worked out from the amount) plus the value converted times half a unit
 * of the rate's last decimal.
 */
function within(amount: Big, computed: Big, converted: Big, money: TradeMoney, rate: Big): boolean {
  const halfUnit = new Big(5).times(new Big(10).pow(-(money.rateDecimals + 1)));
  const tolerance = new Big('0.01')
    .plus(converted.abs().times(halfUnit))
    .plus(money.feeFromAmount ? rate.times('0.005') : 0);
  return amount.minus(computed).abs().lte(tolerance);
}

export function checkTradeMoney(money: TradeMoney): MoneyCheck {
  if (money.gross === undefined) {
    const net = checkTradeMoney({ ...money, gross: false });
    return net.result === 'mismatch' ? checkTradeMoney({ ...money, gross: true }) : net;
  }
  const amount = new Big(money.amount);
  const gross = new Big(money.shares).times(money.price);
  const fee = money.gross ? new Big(0) : new Big(money.fee);
  const value = money.action === 'buy' ? gross.plus(fee) : gross.minus(fee);
  const same = money.currency === money.amountCurrency;
  if (!same && !money.rate) return { result: 'unchecked' };
  const rate = same ? new Big(1) : new Big(money.rate ?? 1);
  const computed = value.times(rate);
  if (within(amount, computed, same ? new Big(0) : value, money, rate)) return { result: 'ok' };
  // A rate other than 1 on a trade booked in DKK, the amount's currency: the price may be in the
  // instrument's trading currency, whatever the fee's currency column says. (A rate is DKK per
  // unit: on an amount in another currency it says nothing of the kind.)
  if (same && money.amountCurrency === 'DKK' && money.rate && !new Big(money.rate).eq(1)) {
    const fileRate = new Big(money.rate);
    const converted = gross.times(fileRate);
    const reading = money.action === 'buy' ? converted.plus(fee) : converted.minus(fee);
    if (within(amount, reading, gross, money, fileRate)) {
      return { result: 'trading_currency', price: new Big(money.price).times(fileRate).toFixed() };
    }
  }
  return { result: 'mismatch', computed: computed.round(2, Big.roundHalfUp).toFixed(2) };
}
