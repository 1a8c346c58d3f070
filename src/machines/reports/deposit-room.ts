// The aktiesparekonto's room this year (issue 39), for the warning of a Buy or a cash deposit that
// would take it over the year's deposit ceiling. The room is the year report's own (computed on
// the server by src/domain/tax/aktiesparekonto.ts's rule), read for the one portfolio.
import Big from 'big.js';
import type { Api } from '../../api';
import { exceedsRoom } from '../../domain/tax';
import type { Id } from '../../domain/types';

export interface DepositRoom {
  /** The income year the room is of. */
  year: number;
  /** DKK that may still be put in that year. */
  room: number;
}

/** The portfolio's room in `year`, when it is an aktiesparekonto the report knows. */
export async function readDepositRoom(
  api: Api,
  portfolioId: Id,
  year: number,
): Promise<DepositRoom | undefined> {
  const report = await (await api.reports()).getReport(year);
  const account = report.portfolios.find((p) => p.id === portfolioId)?.aktiesparekonto;
  return account ? { year, room: account.room } : undefined;
}

/**
 * The room left, when a deposit of `dkk` on `day` (YYYY-MM-DD) takes the account over it; undefined
 * when it fits, or the day is in another year than the room read, or the amount is not known.
 */
export function roomExceeded(
  room: DepositRoom | undefined,
  day: string,
  dkk: number | undefined,
): number | undefined {
  if (!room || dkk === undefined || day.slice(0, 4) !== String(room.year)) return undefined;
  return exceedsRoom(new Big(room.room), new Big(dkk)) ? room.room : undefined;
}
