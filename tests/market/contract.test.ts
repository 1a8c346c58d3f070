// The quote-provider contract, for each real adapter over the fake market.
import { coinGecko } from '../../src/market/providers/coingecko';
import { yahooQuotes } from '../../src/market/providers/yahoo';
import { NOW, describeQuoteProviderContract } from './provider-contract';

describeQuoteProviderContract('yahoo', {
  service: 'yahoo',
  make: (baseUrl, http) => yahooQuotes({ baseUrl, http, now: () => NOW }),
  symbols: ['NOVO-B.CO', 'AAPL', 'AZN.L', 'IWDA.AS', 'ERIC-B.ST'],
  unknown: 'DELISTED.CO',
  from: '2025-01-02',
  to: '2025-03-14',
});

describeQuoteProviderContract('coingecko', {
  service: 'coingecko',
  make: (baseUrl, http) => coinGecko({ baseUrl, http, now: () => NOW }),
  symbols: ['bitcoin', 'ethereum', 'dogecoin'],
  unknown: 'no-such-coin',
  from: '2025-01-02',
  to: '2025-03-14',
});
