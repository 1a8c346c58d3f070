// The answers' schemas: what the warm start relies on, that an answer once decoded reads as itself
// (kept figures are checked with the schema their answer was decoded with).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as schemas from '../../../src/domain/wire/schemas';

const FIGURES = { value: '1234.5', change: -1, changeRatio: '0.01' };
const POSITIONS = { lifetime: '10.5', realised: 0, unrealised: 10.5 };

const INVESTMENT = {
  ...FIGURES,
  id: 5,
  name: 'Novo',
  portfolio_id: '7',
  shares: '2.5',
  change_percentage: 1,
  positions: POSITIONS,
  instrument: null,
  quote: {
    price: '612.4',
    currency: 'DKK',
    price_dkk: 612.4,
    date: '2026-11-24',
    source: 'yahoo',
  },
};

const answers: Array<[name: string, schema: v.GenericSchema, answer: unknown]> = [
  ['user', schemas.user, { name: 'Demo', email: 'demo@example.com', extra: 1 }],
  ['valuation', schemas.valuation, { value: FIGURES, positions: POSITIONS }],
  [
    'portfolio',
    schemas.portfolio,
    {
      ...FIGURES,
      id: 7,
      name: 'Pension',
      change_percentage: 1,
      investments: '3',
      positions: POSITIONS,
    },
  ],
  ['investment', schemas.investment, INVESTMENT],
  [
    'transaction',
    schemas.transaction,
    {
      id: 3,
      investment_id: 5,
      type: 'DIV',
      stock_name: 'Novo',
      total_value: '10',
      stock_price: 0,
      shares: 0,
      date: '2026-11-02T12:00:00.000Z',
    },
  ],
];

describe('an answer once decoded', () => {
  it.each(answers)('%s reads as itself', (_, schema, answer) => {
    const decoded = v.parse(schema, answer);
    expect(v.parse(schema, JSON.parse(JSON.stringify(decoded)))).toEqual(decoded);
  });

  it('has numbers for numeric strings, string ids, and no null additions', () => {
    expect(v.parse(schemas.investment, INVESTMENT)).toMatchObject({
      id: '5',
      portfolio_id: '7',
      shares: 2.5,
      value: 1234.5,
      quote: { price: 612.4 },
    });
    expect(v.parse(schemas.investment, INVESTMENT)).not.toHaveProperty('instrument');
  });
});
