// The fake market on its own: `npx tsx tests/fake-market/main.ts`. Port from FAKE_MARKET_PORT
// (4191 by default); FAKE_MARKET_TODAY fixes its clock to a day. Point YAHOO_URL, ECB_URL,
// OPENFIGI_URL and COINGECKO_URL at the URL it prints.
import { startFakeMarket } from './server';

const port = Number(process.env.FAKE_MARKET_PORT ?? 4191);
const today = process.env.FAKE_MARKET_TODAY || undefined;

const market = await startFakeMarket({ port, today });
console.log(`fake market on ${market.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void market.close().then(() => process.exit(0));
  });
}
