// Dividend income: gross, withheld and net per month and per holding of a calendar year, and per
// year, in DKK. Sums are exact (big.js) over each dividend's DKK figures rounded to the øre; net
// is gross less withheld, so the three always add up.
import Big from 'big.js';

/** One dividend in DKK, on its day (YYYY-MM-DD). */
export interface DividendIncome {
  investmentId: number;
  portfolioId: number;
  name: string;
  day: string;
  gross: number;
  withheld: number;
}

export interface IncomeFigures {
  gross: number;
  withheld: number;
  net: number;
}

export interface IncomeMonth extends IncomeFigures {
  /** YYYY-MM */
  month: string;
}

export interface HoldingIncome extends IncomeFigures {
  investment_id: number;
  portfolio_id: number;
  name: string;
  months: IncomeMonth[];
}

export interface Income {
  year: number;
  months: IncomeMonth[];
  holdings: HoldingIncome[];
  totals: IncomeFigures;
  years: (IncomeFigures & { year: number })[];
}

interface Sum {
  gross: Big;
  withheld: Big;
}

const ZERO: Sum = { gross: new Big(0), withheld: new Big(0) };
const ore = (value: number) => new Big(value).round(2, Big.roundHalfUp);
const plus = (sum: Sum, dividend: DividendIncome): Sum => ({
  gross: sum.gross.plus(ore(dividend.gross)),
  withheld: sum.withheld.plus(ore(dividend.withheld)),
});
const figures = ({ gross, withheld }: Sum): IncomeFigures => ({
  gross: Number(gross.toFixed(2)),
  withheld: Number(withheld.toFixed(2)),
  net: Number(gross.minus(withheld).toFixed(2)),
});

/** Every month of the year, January first, with what its dividends came to. */
function monthsOf(year: number, dividends: readonly DividendIncome[]): IncomeMonth[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    const sum = dividends.filter((d) => d.day.startsWith(month)).reduce(plus, ZERO);
    return { month, ...figures(sum) };
  });
}

/** The year's income by month and by holding (largest gross first), and every year's totals. */
export function incomeOf(dividends: readonly DividendIncome[], year: number): Income {
  const inYear = dividends.filter((d) => d.day.startsWith(`${year}-`));
  const byHolding = new Map<number, DividendIncome[]>();
  for (const dividend of inYear) {
    byHolding.set(dividend.investmentId, [
      ...(byHolding.get(dividend.investmentId) ?? []),
      dividend,
    ]);
  }
  const holdings = [...byHolding.values()]
    .map((own): HoldingIncome => {
      const [first] = own as [DividendIncome];
      return {
        investment_id: first.investmentId,
        portfolio_id: first.portfolioId,
        name: first.name,
        ...figures(own.reduce(plus, ZERO)),
        months: monthsOf(year, own),
      };
    })
    .sort((a, b) => b.gross - a.gross || a.name.localeCompare(b.name));
  const years = new Map<number, Sum>();
  for (const dividend of dividends) {
    const of = Number(dividend.day.slice(0, 4));
    years.set(of, plus(years.get(of) ?? ZERO, dividend));
  }
  return {
    year,
    months: monthsOf(year, inYear),
    holdings,
    totals: figures(inYear.reduce(plus, ZERO)),
    years: [...years.entries()]
      .sort(([a], [b]) => a - b)
      .map(([of, sum]) => ({ year: of, ...figures(sum) })),
  };
}
