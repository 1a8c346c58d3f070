import { useCallback } from 'react';
import { fill, type Params } from '../../i18n';
import { MARKET_TEXTS, type MarketKey } from '../../i18n/market';
import { useT } from './use-i18n';

/**
 * The chosen language's texts of an investment's prices, listing and suggestions (`tm`), beside
 * the main catalogue's (`t`, `text`). Their own catalogue loads with the investment screen.
 */
export function useMarketT() {
  const i18n = useT();
  const texts = MARKET_TEXTS[i18n.language];
  const tm = useCallback((key: MarketKey, params?: Params) => fill(texts[key], params), [texts]);
  /** The text with its placeholders, for one filled with an element (a masked amount). */
  const template = useCallback((key: MarketKey) => texts[key], [texts]);
  return { ...i18n, tm, template };
}
