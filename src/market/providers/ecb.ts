// The ECB's euro foreign exchange reference rates: static XML files, EUR-based, from 1999.
// The adapter reads the smallest file that covers the days asked for.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isDecimalText } from '../decimals';
import type { Day, EuroRate, FxProvider, HttpClient } from '../port';
import { daysBetween, isDay } from '../zoned-time';
import { badResponse, isObject, transientError } from './answers';

export interface EcbOptions {
  /** `https://www.ecb.europa.eu`, or a fake's URL. */
  baseUrl: string;
  http: HttpClient;
  /** Today's date: decides which file covers a `since`. */
  today: () => Day;
  now?: () => number;
}

const PROVIDER = 'ecb';

export const ECB_FILES = {
  /** Every working day since 4 January 1999. */
  all: 'eurofxref-hist.xml',
  /** The last 90 calendar days. */
  recent: 'eurofxref-hist-90d.xml',
  /** The latest working day. */
  latest: 'eurofxref-daily.xml',
} as const;

/**
 * How far back the 90-day file is trusted to reach: a few days short of 90, since its first day
 * moves with each publication and the day's rates come out only around 16:00 CET.
 */
export const RECENT_FILE_DAYS = 85;

/** The smallest file holding every day from `since` to today. */
export function ecbFileFor(since: Day | undefined, today: Day): string {
  if (since === undefined) return ECB_FILES.all;
  if (since >= today) return ECB_FILES.latest;
  return daysBetween(since, today) <= RECENT_FILE_DAYS ? ECB_FILES.recent : ECB_FILES.all;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Rates stay text, exactly as the ECB wrote them ("0.86340").
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

function cubes(node: unknown): unknown[] {
  return isObject(node) && Array.isArray(node.Cube) ? node.Cube : [];
}

/** The gesmes envelope's `Cube > Cube[time] > Cube[currency][rate]` as rates, ascending by day. */
export function parseEurofxref(xml: string): EuroRate[] {
  if (XMLValidator.validate(xml) !== true) throw badResponse(PROVIDER, 'the answer is not XML');
  const document: unknown = parser.parse(xml);
  const envelope = isObject(document) ? document.Envelope : undefined;
  if (!isObject(envelope)) throw badResponse(PROVIDER, 'no gesmes envelope');
  const rates: EuroRate[] = [];
  for (const dayCube of cubes(cubes(envelope)[0])) {
    const day: unknown = isObject(dayCube) ? dayCube['@_time'] : undefined;
    if (typeof day !== 'string' || !isDay(day)) throw badResponse(PROVIDER, 'bad time');
    for (const rateCube of cubes(dayCube)) {
      const currency: unknown = isObject(rateCube) ? rateCube['@_currency'] : undefined;
      const rate: unknown = isObject(rateCube) ? rateCube['@_rate'] : undefined;
      if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
        throw badResponse(PROVIDER, 'bad currency');
      }
      if (typeof rate !== 'string' || !isDecimalText(rate)) throw badResponse(PROVIDER, 'bad rate');
      rates.push({ day, currency, perEuro: rate });
    }
  }
  // The files list the newest day first; a stable sort keeps each day's currency order.
  return rates.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

async function rates(options: EcbOptions, since: Day | undefined): Promise<EuroRate[]> {
  const file = ecbFileFor(since, options.today());
  const response = await options.http({
    url: `${options.baseUrl.replace(/\/+$/, '')}/stats/eurofxref/${file}`,
    method: 'GET',
    headers: { Accept: 'application/xml, text/xml' },
  });
  const transient = transientError(PROVIDER, response, (options.now ?? Date.now)());
  if (transient) throw transient;
  if (response.status !== 200) throw badResponse(PROVIDER, `${file}: HTTP ${response.status}`);
  const all = parseEurofxref(response.text);
  return since === undefined ? all : all.filter((rate) => rate.day >= since);
}

export function ecbRates(options: EcbOptions): FxProvider {
  return { rates: (since) => rates(options, since) };
}
