import type { PriceSource } from '../../api';
import type { Id } from '../../domain/types';
import type { MarketKey } from '../../i18n/market';
import { isStale } from '../../machines/prices';
import type { ListingControl } from '../investments';
import { useMarketT } from '../app/use-market-texts';
import { useQuote } from './use-quote';
import { useToday } from '../app/use-today';
import { AsEntered, useMoney } from '../components/figures/money';
import './quote-line.css';

const SOURCE_KEYS: Record<PriceSource, MarketKey> = {
  yahoo: 'quote.source.yahoo',
  coingecko: 'quote.source.coingecko',
  manual: 'quote.source.manual',
  synthetic: 'quote.source.synthetic',
  trade: 'quote.source.trade',
};

const isKnownSource = (source: string): source is PriceSource => Object.hasOwn(SOURCE_KEYS, source);

/** Where a price comes from, in words ("Yahoo", "typed in"); a source Formue does not know, as sent. */
export function useSourceName(): (source: string) => string {
  const { tm } = useMarketT();
  return (source) => (isKnownSource(source) ? tm(SOURCE_KEYS[source]) : source);
}

/**
 * Under the header's facts: the price the investment is valued at, in its own currency then in
 * DKK, the day it is for and where it comes from ("Price USD 190.12 · DKK 1,311.40 · 2026-11-24
 * · Yahoo"), the day marked (red, "Not current" to screen readers and as its title) when no
 * newer price has come for more than a long weekend. Change listing sits beside it where the
 * instrument trades in more than one place. Nothing shows without a quote (a backend without
 * real prices, or before a trade) and without a choice of listing.
 */
export function QuoteLine({
  investmentId,
  listing,
}: {
  investmentId: Id;
  listing: ListingControl;
}) {
  const quote = useQuote(investmentId);
  const today = useToday();
  const money = useMoney();
  const sourceName = useSourceName();
  const { tm } = useMarketT();
  if (!quote && !listing.offered) return null;
  const stale = quote !== undefined && isStale(quote.date, today);
  const since = quote && tm('quote.staleSince', { date: quote.date });
  const foreign = quote !== undefined && quote.currency !== 'DKK';
  return (
    <div className="quote">
      {quote && (
        <p className={`quote__line${foreign ? ' quote__line--dkk-after' : ''}`}>
          <span className="quote__label">{tm('quote.price')}</span>{' '}
          <span className="quote__price num">
            <AsEntered
              entered={foreign ? money(quote.price, quote.currency) : undefined}
              dkk={money(quote.price_dkk, 'DKK')}
            />
          </span>
          {/* Shown by the stylesheet where the day shares the price's line. */}
          <span className={foreign ? 'quote__join visually-hidden' : 'quote__join'}> · </span>
          {/* The day and source, under the price where the card is narrow (a phone). */}
          <span className="quote__when">
            {/* A stale day is marked on the day itself, which keeps the line short. */}
            <span
              className={stale ? 'badge quote__stale num' : 'num'}
              title={stale ? since : undefined}
            >
              {quote.date}
              {stale && (
                // Said to screen readers; a pointer shows it as the mark's title.
                <span className="visually-hidden">
                  {' '}
                  ({tm('quote.stale')}. {since})
                </span>
              )}
            </span>
            {' · '}
            <span>{sourceName(quote.source)}</span>
          </span>
        </p>
      )}
      {listing.offered && (
        <button
          type="button"
          className="button button--ghost button--small quote__listing"
          onClick={listing.open}
        >
          {tm('quote.changeListing')}
        </button>
      )}
    </div>
  );
}
