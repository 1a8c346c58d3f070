// Fake OpenFIGI v3 mapping: one result per job, in order; `data` for a known ISIN (Bloomberg
// tickers and exchange codes), `warning` for an unknown one, `error` for a malformed job. And its
// search: `{ data, next? }` of the records whose name has every word of the query, never an ISIN.
import { json, answer, type FakeAnswer, type FakeRequest } from './http';
import {
  INSTRUMENTS,
  instrumentByIsin,
  type FakeInstrument,
  type FakeListing,
} from './instruments';
import { hash } from './prices';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Jobs per request: 10 without a key, 100 with one (OpenFIGI's documented limits). */
const MAX_JOBS = { keyless: 10, keyed: 100 };

const FIGI_LETTERS = 'BCDFGHJKLMNPQRSTVWXYZ0123456789';

/** A stable, FIGI-shaped identifier (BBG + 9 characters) for a listing line. */
function figi(seed: string): string {
  let h = hash(seed);
  let id = 'BBG00';
  for (let i = 0; i < 7; i++) {
    id += FIGI_LETTERS[h % FIGI_LETTERS.length];
    h = Math.floor(h / FIGI_LETTERS.length) + hash(`${seed}:${i}`);
  }
  return id;
}

const SECURITY_TYPES: Record<FakeInstrument['type'], [string, string]> = {
  EQUITY: ['Common Stock', 'Common Stock'],
  ETF: ['ETP', 'Mutual Fund'],
  MUTUALFUND: ['Open-End Fund', 'Mutual Fund'],
};

function records(instrument: FakeInstrument) {
  const shareClass = figi(`${instrument.isin}:share-class`);
  const [securityType, securityType2] = SECURITY_TYPES[instrument.type];
  return instrument.listings
    .filter(
      (listing): listing is FakeListing & { figi: NonNullable<FakeListing['figi']> } =>
        listing.figi !== undefined,
    )
    .flatMap((listing) => {
      const composite = figi(`${instrument.isin}:${listing.figi.exchCodes[0]}:composite`);
      return listing.figi.exchCodes.map((exchCode) => ({
        figi: figi(`${instrument.isin}:${exchCode}:${listing.figi.ticker}`),
        name: instrument.figiName,
        ticker: listing.figi.ticker,
        exchCode,
        compositeFIGI: composite,
        securityType,
        marketSector: 'Equity',
        shareClassFIGI: shareClass,
        securityType2,
        securityDescription: listing.figi.ticker,
      }));
    });
}

function job(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'Request body must be a JSON array of mapping jobs.' };
  }
  const { idType, idValue } = value as Record<string, unknown>;
  if (idType !== 'ID_ISIN') return { error: `Invalid idType: ${String(idType)}.` };
  if (typeof idValue !== 'string' || !/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(idValue)) {
    return { error: 'Invalid idValue format.' };
  }
  const instrument = instrumentByIsin(idValue);
  const data = instrument ? records(instrument) : [];
  return data.length > 0 ? { data } : { warning: 'No identifier found.' };
}

/** A POST's JSON body, or the answer OpenFIGI gives a request without one. */
function jsonBody(request: FakeRequest): { parsed: unknown } | FakeAnswer {
  if (request.method !== 'POST') return answer(405, 'text/plain', 'Method Not Allowed');
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return answer(415, 'text/plain', 'Unsupported Media Type');
  }
  try {
    return { parsed: JSON.parse(request.body) as unknown };
  } catch {
    return answer(400, 'text/plain', 'Invalid JSON.');
  }
}

/** The search's page size is 100; the fake's few records always fit on one page. */
export function search(request: FakeRequest): FakeAnswer {
  const read = jsonBody(request);
  if (!('parsed' in read)) return read;
  const body = read.parsed;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return json(400, { error: 'Request body must be a JSON object.' }, JSON_TYPE);
  }
  const { query, ...filters } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') {
    return json(400, { error: "Missing 'query'." }, JSON_TYPE);
  }
  const words = query.toUpperCase().split(/\s+/).filter(Boolean);
  const data = INSTRUMENTS.filter((i) => words.every((word) => i.figiName.includes(word)))
    .flatMap(records)
    // Filters as OpenFIGI takes them: a record's field must equal each one given.
    .filter((record) =>
      Object.entries(filters).every(
        ([key, value]) =>
          (key === 'marketSecDes' ? record.marketSector : record[key as 'exchCode']) === value,
      ),
    );
  return json(200, { data }, JSON_TYPE);
}

export function mapping(request: FakeRequest): FakeAnswer {
  const read = jsonBody(request);
  if (!('parsed' in read)) return read;
  const jobs = read.parsed;
  if (!Array.isArray(jobs)) return answer(400, 'text/plain', 'Request body must be a JSON array.');
  const limit = request.headers['x-openfigi-apikey'] ? MAX_JOBS.keyed : MAX_JOBS.keyless;
  if (jobs.length > limit)
    return answer(413, 'text/plain', `Too many mapping jobs (max ${limit}).`);
  return json(200, jobs.map(job), JSON_TYPE);
}
