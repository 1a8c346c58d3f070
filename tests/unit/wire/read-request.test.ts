// A request body read through its schema as Laravel reads one: strings trimmed (passwords not),
// empty ones absent, a nested object that is not one without fields, one message per field, and
// the 422's first message the first field's, whatever order a route adds its own checks in.
import { describe, expect, it } from 'vitest';
import { readRequest } from '../../../src/contract/read-request';
import {
  createInvestment,
  credentials,
  email,
  registration,
} from '../../../src/domain/wire/requests';

describe('readRequest', () => {
  it('trims strings but passwords, and reads an empty string as absent', () => {
    const read = readRequest(credentials, { email: '  a@b.c ', password: ' secret ' });
    expect(read.value).toEqual({ email: 'a@b.c', password: ' secret ', remember: false });
    const empty = readRequest(credentials, { email: '   ', password: '' });
    expect(empty.errors.body422()).toEqual({
      message: 'The email field is required. (and 1 more error)',
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('names each missing field of a nested object that is absent or not an object', () => {
    for (const body of [{}, { investment: 'x', instrument: [], buy_event: 7 }, 'not json']) {
      const { errors } = readRequest(createInvestment, body);
      expect(Object.keys(errors.body422().errors)).toEqual([
        'investment.portfolio_id',
        'investment.name',
        'instrument.type',
        'instrument.isin',
        'buy_event.shares',
        'buy_event.share_price',
        'buy_event.currency_code',
      ]);
    }
  });

  it('reports one message per field, its first failing rule', () => {
    const { errors } = readRequest(registration, {
      name: 'A',
      email: 'x'.repeat(300),
      password: 1,
    });
    expect(errors.body422().errors).toEqual({
      email: ['The email field must not be greater than 255 characters.'],
      password: ['The password field must be a string.'],
    });
  });

  it('keeps the schema’s order of fields for a check a route adds later', () => {
    const read = readRequest(registration, { name: 'A', email: 'taken@example.com' });
    read.errors.add('email', 'The email has already been taken.');
    expect(read.errors.body422().message).toBe(
      'The email has already been taken. (and 1 more error)',
    );
    expect(read.field('email', email)).toBe('taken@example.com');
  });
});
