// The Danish tax rules Formue's year report applies, as a yearly table with the source of each
// figure (issue 39). Never a constant in code: a new year is a new row here. The figures and their
// sources were taken from /work/shared/research/danish-tax-and-returns.md (sections 1.1, 1.2 and
// 1.6); the notes there say to check them against skat.dk, which was out of reach when the table
// was written, so each row says so (`checkedOnSkat`).

/** Where a figure comes from. */
export interface RuleSource {
  /** The publisher's site and the page's title, as the research note names them. */
  site: string;
  title: string;
  /** YYYY-MM-DD the page was published or last edited, when the note gives it. */
  date?: string;
}

export interface TaxYearRules {
  year: number;
  shareIncome: {
    /** Rate up to the limit, and above it. */
    lowRate: string;
    highRate: string;
    /** DKK of share income taxed at the low rate; for a married couple `limitMarried`. */
    limit: number;
    limitMarried: number;
    sources: readonly RuleSource[];
  };
  aktiesparekonto: {
    rate: string;
    /** The deposit ceiling (værdigrænse for indskud, aktiesparekontoloven § 9). */
    ceiling: number;
    sources: readonly RuleSource[];
  };
  dividends: {
    /** Withheld at source on Danish shares. */
    danishWithholding: string;
    /** The most of a foreign withholding Denmark credits (the usual treaty rate). */
    foreignCreditMax: string;
    sources: readonly RuleSource[];
  };
  /** False until the figures were checked on skat.dk itself. */
  checkedOnSkat: boolean;
}

const SKM_CEILINGS: RuleSource = {
  site: 'skm.dk',
  title: 'Beløbsgrænser i personskatteloven m.fl. (PSL § 20) 2025-2026',
  date: '2025-08-28',
};
const SKM_CEILINGS_2024: RuleSource = {
  site: 'skm.dk',
  title: 'Beløbsgrænser i personskatteloven m.fl. 2023-2024',
};
const MINASK: RuleSource = { site: 'minask.dk', title: 'Aktiesparekonto FAQ' };
const UNGMEDPENGE: RuleSource = {
  site: 'ungmedpenge.dk',
  title: 'Progressionsgrænsen for aktieindkomst',
};
const BEIERHOLM: RuleSource = { site: 'beierholm.dk', title: 'Vigtige beløbsgrænser' };
const AELDRESAGEN: RuleSource = {
  site: 'aeldresagen.dk',
  title: 'Skat af aktieindkomst: 67.500/79.400 kr. (2025/2026)',
  date: '2026-01-14',
};
const DIVIDEND_SOURCES: readonly RuleSource[] = [
  { site: 'pengepugeren.dk', title: 'Udbytteskat' },
  { site: 'ungmedpenge.dk', title: 'Udbytteskat på danske og udenlandske aktier' },
];

const SHARE_RATES = { lowRate: '0.27', highRate: '0.42' } as const;
const DIVIDEND_RATES = { danishWithholding: '0.27', foreignCreditMax: '0.15' } as const;

/** The rules by income year. */
export const TAX_YEARS: Readonly<Record<number, TaxYearRules>> = {
  2024: {
    year: 2024,
    shareIncome: { ...SHARE_RATES, limit: 61_000, limitMarried: 122_000, sources: [UNGMEDPENGE] },
    aktiesparekonto: { rate: '0.17', ceiling: 135_900, sources: [SKM_CEILINGS_2024, MINASK] },
    dividends: { ...DIVIDEND_RATES, sources: DIVIDEND_SOURCES },
    checkedOnSkat: false,
  },
  2025: {
    year: 2025,
    shareIncome: {
      ...SHARE_RATES,
      limit: 67_500,
      limitMarried: 135_000,
      // The research note cites skm.dk's table for the ceilings only (docs/tax.md, "Checked").
      sources: [AELDRESAGEN],
    },
    aktiesparekonto: { rate: '0.17', ceiling: 166_200, sources: [SKM_CEILINGS, MINASK] },
    dividends: { ...DIVIDEND_RATES, sources: DIVIDEND_SOURCES },
    checkedOnSkat: false,
  },
  2026: {
    year: 2026,
    shareIncome: {
      ...SHARE_RATES,
      limit: 79_400,
      limitMarried: 158_800,
      sources: [BEIERHOLM, AELDRESAGEN, { site: 'talogtanker.dk', title: 'Aktieindkomst 2026' }],
    },
    aktiesparekonto: {
      rate: '0.17',
      ceiling: 174_200,
      sources: [SKM_CEILINGS, { site: 'themis.dk', title: 'Beløbsgrænser 2026' }, MINASK],
    },
    dividends: { ...DIVIDEND_RATES, sources: DIVIDEND_SOURCES },
    checkedOnSkat: false,
  },
};

/** The years the table has rules for, oldest first. */
export const TAX_RULE_YEARS: readonly number[] = Object.keys(TAX_YEARS)
  .map(Number)
  .sort((a, b) => a - b);

export function rulesFor(year: number): TaxYearRules | undefined {
  return TAX_YEARS[year];
}
