// The year report as CSV (GET /api/v1/reports/{year}.csv): the totals, the boxes, then one row per
// line with the transactions' figures, for a spreadsheet or an accountant. UTF-8, `,`, point
// decimals, ISO dates.
import type { WireReport } from './build';

const COLUMNS = [
  'section',
  'portfolio',
  'portfolio_kind',
  'type',
  'box',
  'investment',
  'isin',
  'income',
  'date',
  'amount',
  'shares',
  'proceeds',
  'cost',
  'average_cost',
  'gross',
  'withheld',
  'country',
  'case',
  'start_value',
  'end_value',
  'end_price_source',
  'bought',
  'sold',
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | number | null>>;

const cell = (value: string | number | null | undefined) => {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function reportCsv(report: WireReport): string {
  const rows: Row[] = [
    ...Object.entries(report.totals).map(([name, amount]) => ({
      section: 'total',
      type: name,
      amount,
    })),
    ...report.boxes.map(({ box, amount }) => ({ section: 'box', box, amount })),
    ...report.portfolios.flatMap((portfolio) =>
      portfolio.lines.map((line) => ({
        section: 'line',
        portfolio: portfolio.name,
        portfolio_kind: portfolio.kind,
        type: line.type,
        box: line.box,
        investment: line.name,
        isin: line.isin,
        income: line.income,
        date: line.date,
        amount: line.amount,
        shares: line.shares,
        proceeds: line.proceeds,
        cost: line.cost,
        average_cost: line.average_cost,
        gross: line.gross,
        withheld: line.withheld,
        country: line.country,
        case: line.case,
        start_value: line.start?.value,
        end_value: line.end?.value,
        end_price_source: line.end?.source,
        bought: line.bought,
        sold: line.sold,
      })),
    ),
  ];
  const lines = [
    COLUMNS.join(','),
    ...rows.map((row) => COLUMNS.map((c) => cell(row[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
