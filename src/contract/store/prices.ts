// What the user said of an investment's market data: typed prices, dismissed provider actions.

/** A price the user typed for one day of an investment: it wins over a provider's that day. */
export interface ManualPriceRow {
  investmentId: number;
  /** YYYY-MM-DD. */
  day: string;
  /** Exact decimal text, per unit, in `currency`. */
  price: string;
  currency: string;
}

export interface ManualPriceStore {
  /** Typed prices of these investments, by investment then day. */
  manualPrices(investmentIds: readonly number[]): Promise<ManualPriceRow[]>;
  /** Adds or replaces the price of that day; changes the investment's version. */
  saveManualPrice(price: ManualPriceRow): Promise<void>;
  /** Whether there was a price on that day to delete; changes the investment's version. */
  deleteManualPrice(investmentId: number, day: string): Promise<boolean>;

  /** A provider's split or dividend the user chose not to record: `kind:day` of each. */
  dismissedActions(investmentId: number): Promise<string[]>;
  dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string): Promise<void>;
}
