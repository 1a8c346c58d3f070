// The ECB adapter: the smallest file for the days asked, rates kept exactly as written, and
// the gesmes envelope as the ECB publishes it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Day, HttpClient } from '../../src/market/port';
import { ECB_FILES, ecbFileFor, ecbRates, parseEurofxref } from '../../src/market/providers/ecb';
import { addDays } from '../../src/market/zoned-time';
import { startFakeMarket, type FakeMarket } from '../fake-market/server';
import { NOW, TODAY, client, marketError } from './provider-contract';

let market: FakeMarket;
beforeAll(async () => {
  market = await startFakeMarket({ now: () => NOW });
});
afterEach(() => market.reset());
afterAll(() => market.close());

const ecb = (today: Day = TODAY, http: HttpClient = client('ecb')) =>
  ecbRates({ baseUrl: market.url, http, today: () => today, now: () => NOW });

describe('ECB file choice', () => {
  it.each([
    [undefined, ECB_FILES.all],
    [TODAY, ECB_FILES.latest],
    [addDays(TODAY, 1), ECB_FILES.latest],
    [addDays(TODAY, -1), ECB_FILES.recent],
    [addDays(TODAY, -30), ECB_FILES.recent],
    [addDays(TODAY, -85), ECB_FILES.recent],
    [addDays(TODAY, -86), ECB_FILES.all],
    ['1999-01-04', ECB_FILES.all],
  ])('since %s reads %s', (since, file) => {
    expect(ecbFileFor(since, TODAY)).toBe(file);
  });

  it.each([
    [undefined, '/stats/eurofxref/eurofxref-hist.xml'],
    [addDays(TODAY, -30), '/stats/eurofxref/eurofxref-hist-90d.xml'],
    [TODAY, '/stats/eurofxref/eurofxref-daily.xml'],
  ])('rates(%s) fetches %s and returns only days since', async (since, path) => {
    const rates = await ecb().rates(since);
    expect(market.requests().map((r) => r.path)).toEqual([path]);
    expect(rates.length).toBeGreaterThan(0);
    const days = rates.map((r) => r.day);
    expect(days).toEqual([...days].sort());
    if (since) expect(days[0] >= since).toBe(true);
    expect(days.at(-1)).toBe(TODAY);
    expect(new Set(rates.filter((r) => r.day === TODAY).map((r) => r.currency))).toEqual(
      new Set(['USD', 'JPY', 'DKK', 'GBP', 'SEK', 'CHF', 'NOK']),
    );
  });

  it('the whole history starts on 4 January 1999 and skips weekends and TARGET holidays', async () => {
    const days = new Set((await ecb().rates(undefined)).map((r) => r.day));
    expect([...days][0]).toBe('1999-01-04');
    for (const closed of [
      '2024-12-25',
      '2024-12-26',
      '2025-01-01',
      '2024-03-29',
      '2024-04-01',
      '2025-03-08',
    ]) {
      expect(days.has(closed)).toBe(false);
    }
    expect(days.has('2025-03-13')).toBe(true);
  });

  it('before the day’s publication the daily file still holds the day before', async () => {
    const morning = Date.parse(`${TODAY}T09:00:00Z`);
    const early = await startFakeMarket({ now: () => morning });
    try {
      const rates = await ecbRates({
        baseUrl: early.url,
        http: client('ecb'),
        today: () => TODAY,
      }).rates(addDays(TODAY, -1));
      expect(new Set(rates.map((r) => r.day))).toEqual(new Set([addDays(TODAY, -1)]));
    } finally {
      await early.close();
    }
  });
});

describe('ECB rates are the text the ECB wrote', () => {
  it('every rate of the 90-day file equals its attribute, trailing zeros kept', async () => {
    const rates = await ecb().rates(addDays(TODAY, -60));
    const xml = await (await fetch(`${market.url}/stats/eurofxref/eurofxref-hist-90d.xml`)).text();
    const written = new Map<string, string>();
    for (const day of xml.matchAll(/<Cube time="([\d-]+)">(.*?)<\/Cube>/g)) {
      for (const rate of day[2].matchAll(/currency="(\w+)" rate="([\d.]+)"/g)) {
        written.set(`${day[1]} ${rate[1]}`, rate[2]);
      }
    }
    for (const rate of rates)
      expect(rate.perEuro).toBe(written.get(`${rate.day} ${rate.currency}`));
    expect(rates.some((r) => r.perEuro.endsWith('0'))).toBe(true);
  });

  it('reads the published daily file as the ECB formats it', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2024-06-28'>
			<Cube currency='USD' rate='1.0705'/>
			<Cube currency='DKK' rate='7.4575'/>
			<Cube currency='GBP' rate='0.84638'/>
			<Cube currency='HUF' rate='395.10'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;
    expect(parseEurofxref(xml)).toEqual([
      { day: '2024-06-28', currency: 'USD', perEuro: '1.0705' },
      { day: '2024-06-28', currency: 'DKK', perEuro: '7.4575' },
      { day: '2024-06-28', currency: 'GBP', perEuro: '0.84638' },
      { day: '2024-06-28', currency: 'HUF', perEuro: '395.10' },
    ]);
  });

  it.each([
    ['not XML', 'Service temporarily unavailable <'],
    ['an HTML page', '<html><body>Maintenance</body></html>'],
    [
      'a rate that is not a number',
      `<gesmes:Envelope><Cube><Cube time="2024-06-28"><Cube currency="USD" rate="n/a"/></Cube></Cube></gesmes:Envelope>`,
    ],
    [
      'a bad day',
      `<gesmes:Envelope><Cube><Cube time="2024-13-40"><Cube currency="USD" rate="1.1"/></Cube></Cube></gesmes:Envelope>`,
    ],
  ])('%s is a bad response', async (_name, text) => {
    const http: HttpClient = () => Promise.resolve({ status: 200, header: () => undefined, text });
    expect((await marketError(ecb(TODAY, http).rates(TODAY))).kind).toBe('bad-response');
  });

  it.each([
    ['429', 'rate-limited'],
    ['503', 'unavailable'],
  ] as const)('a %s is %s', async (mode, kind) => {
    market.setMode('ecb', mode);
    expect((await marketError(ecb().rates(TODAY))).kind).toBe(kind);
  });
});
