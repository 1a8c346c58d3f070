// Deterministic prices for the fake market: a smooth positive path per symbol (a level and a
// few sine waves with phases hashed from the symbol), so any instant costs O(1) and every run and
// process sees the same numbers.

import { hash, seededRandom as seeded } from '../../src/domain/market';

export { hash };

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** Prices sit near their level here and drift slowly away either side. */
const ANCHOR = Date.UTC(2025, 6, 1);

/** [period in days, amplitude of the log price]: years down to an hour. */
const WAVES: readonly (readonly [number, number])[] = [
  [900, 0.1],
  [140, 0.05],
  [21, 0.025],
  [3.1, 0.01],
  [0.27, 0.003],
  [0.045, 0.0012],
];

interface Path {
  drift: number;
  waves: { omega: number; amplitude: number; phase: number }[];
}

const PATHS = new Map<string, Path>();

function pathOf(key: string, scale: number): Path {
  const cached = PATHS.get(`${key}:${scale}`);
  if (cached) return cached;
  const random = seeded(hash(key));
  const path = {
    drift: (0.01 + 0.04 * random()) * scale,
    waves: WAVES.map(([period, amplitude]) => ({
      omega: (2 * Math.PI) / period,
      amplitude: amplitude * scale * (0.6 + 0.8 * random()),
      phase: 2 * Math.PI * random(),
    })),
  };
  PATHS.set(`${key}:${scale}`, path);
  return path;
}

/** The price of `key` at an instant, around `level`; `scale` > 1 for wilder markets (crypto). */
export function pathPrice(key: string, level: number, epochMs: number, scale = 1): number {
  const path = pathOf(key, scale);
  const days = epochMs / DAY_MS;
  let log = (path.drift * (epochMs - ANCHOR)) / YEAR_MS;
  for (const w of path.waves) log += w.amplitude * Math.sin(w.omega * days + w.phase);
  return level * Math.exp(log);
}

/** A price on the exchange's tick (2 decimals, 4 under 1, 1 over 5000) as Yahoo sends it: float32. */
export function yahooNumber(price: number): number {
  const places = price < 1 ? 4 : price >= 5000 ? 1 : 2;
  const factor = 10 ** places;
  return Math.fround(Math.round(price * factor) / factor);
}

/** A whole number of `step`s: volumes. */
export function volumeAt(key: string, epochMs: number): number {
  return 1000 * (50 + (hash(`${key}:${Math.floor(epochMs / 60_000)}`) % 5000));
}
