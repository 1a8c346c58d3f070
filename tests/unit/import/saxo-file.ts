// Saxo's transactions report as xlsx: a `Transactions` sheet with a Trade Date (a date cell),
// the trade in words under `Event`, and the booked amount in the account's currency.

import { xlsx, type XlsxCell } from './files';

export const SAXO_HEADERS = [
  'Client ID',
  'Trade Date',
  'Value Date',
  'Type',
  'Instrument',
  'Instrument ISIN',
  'Instrument currency',
  'Exchange Description',
  'Instrument Symbol',
  'Event',
  'Booked Amount',
  'Order ID',
  'Conversion Rate',
] as const;

export interface SaxoInstrument {
  name: string;
  isin: string;
  symbol: string;
}

/** [trade day (with a time for the midnight case), type, instrument, currency, event, booked, order, rate] */
export type SaxoLine = [
  string,
  string,
  SaxoInstrument | null,
  string,
  string,
  number,
  string,
  number,
];

export function saxoRows(lines: readonly SaxoLine[]): XlsxCell[][] {
  return [
    [...SAXO_HEADERS],
    ...lines.map(([day, type, inst, currency, event, booked, order, rate]): XlsxCell[] => [
      '11111111',
      { date: day },
      { date: day.slice(0, 10) },
      type,
      inst?.name ?? '',
      inst?.isin ?? '',
      currency,
      'Example Exchange',
      inst?.symbol ?? '',
      event,
      booked,
      order || null,
      rate,
    ]),
  ];
}

export const saxoXlsx = (lines: readonly SaxoLine[]): Uint8Array =>
  xlsx('Transactions', saxoRows(lines));

/** `count` made-up buys of one instrument, a day apart (a sheet far over fflate's 512 KB). */
export function manySaxoLines(count: number, instrument: SaxoInstrument): SaxoLine[] {
  return Array.from({ length: count }, (_, i): SaxoLine => {
    const day = new Date(Date.UTC(2000, 0, 3) + i * 86_400_000).toISOString().slice(0, 10);
    return [day, 'Trade', instrument, 'DKK', 'Buy 2 @ 150.25 DKK', -329.5, String(7e9 + i), 1];
  });
}
