// GET /api/v1/instruments?search=: the catalogue's best matches for Add investment's
// suggestions (our call, not the spec's), and POST /instruments/validate's verdicts.
import { describe, expect, it } from 'vitest';
import { get, post, registerFresh, send, startServer } from '../support';

describe('GET /instruments', () => {
  it('finds instruments by name, best first, with type, ISIN, name and listing currency', async () => {
    startServer();
    await registerFresh();
    const answer = await get('/instruments?search=novo');
    expect(answer.status).toBe(200);
    expect(answer.body.instruments[0]).toEqual({
      type: 'stock',
      isin: 'DK0062498333',
      name: 'Novo Nordisk B',
      currency: 'DKK',
    });
    expect(answer.body.instruments.map((i: { name: string }) => i.name)).toEqual([
      'Novo Nordisk B',
      'Novonesis B',
    ]);
  });

  it('finds an instrument by its identifier, and crypto by symbol', async () => {
    startServer();
    await registerFresh();
    const apple = await get('/instruments?search=us0378331005');
    expect(apple.body.instruments[0]).toMatchObject({ name: 'Apple', currency: 'USD' });
    const bitcoin = await get('/instruments?search=BTC');
    expect(bitcoin.body.instruments[0]).toEqual({
      type: 'crypto',
      isin: 'BTC',
      name: 'Bitcoin',
      currency: 'USD',
    });
  });

  it('finds a Danish fund by name and by its ISIN', async () => {
    startServer();
    await registerFresh();
    const sparindex = {
      type: 'stock',
      isin: 'DK0060005254',
      name: 'Sparindex INDEX Globale Aktier KL',
      currency: 'DKK',
    };
    expect((await get('/instruments?search=sparindex')).body).toEqual({ instruments: [sparindex] });
    expect((await get('/instruments?search=DK0060005254')).body.instruments[0]).toEqual(sparindex);
  });

  it('folds accents and Nordic letters, and caps the list', async () => {
    startServer();
    await registerFresh();
    const orsted = await get('/instruments?search=%C3%B8rsted');
    expect(orsted.body.instruments.map((i: { name: string }) => i.name)).toEqual(['Ørsted']);
    expect((await get('/instruments?search=orsted')).body).toEqual(orsted.body);
    expect((await get('/instruments?search=maersk')).body.instruments[0].name).toBe(
      'A.P. Møller - Mærsk B',
    );
    expect((await get('/instruments?search=i')).body.instruments.length).toBeLessThanOrEqual(8);
  });

  it('answers an empty list for no search, a blank one, or nothing found', async () => {
    startServer();
    await registerFresh();
    for (const query of ['', '?search=', '?search=%20%20', '?search=zzzzzz'])
      expect((await get(`/instruments${query}`)).body).toEqual({ instruments: [] });
  });

  it('needs a session', async () => {
    startServer();
    const answer = await send('GET', '/instruments?search=novo');
    expect(answer.status).toBe(401);
  });
});

describe('POST /instruments/validate', () => {
  it.each([
    ['stock', 'DK0062498333', true],
    ['stock', 'dk0062498333', true],
    ['stock', 'DK0062498334', false],
    ['stock', 'AU0000XVGZA3', false],
    ['crypto', 'eth', true],
    ['crypto', 'NOSUCHCOIN', false],
  ])('%s %s: valid %s', async (type, isin, valid) => {
    startServer();
    await registerFresh();
    expect((await post('/instruments/validate', { type, isin })).body).toEqual({ valid });
  });
});
