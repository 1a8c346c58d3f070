// The prices machine started for a test with recorders for its calls, data and notices, and the
// snapshots of its form and its removal.
import { createActor } from 'xstate';
import type { DayPrice } from '../../../src/api';
import type { DecimalMark } from '../../../src/domain/numbers';
import type { PriceField } from '../../../src/machines/prices/price.rules';
import { pricesMachine } from '../../../src/machines/prices/prices.machine';
import { fakeApi, fakeSession, keyMaker, recorder, TEST_TODAY } from '../support';

export const TODAY = TEST_TODAY;

export const typed: DayPrice = {
  date: '2026-02-27',
  price: 150,
  currency_code: 'DKK',
  source: 'manual',
};
export const market: DayPrice = {
  date: '2026-02-28',
  price: 120,
  currency_code: 'DKK',
  source: 'synthetic',
};

/** A started Prices section of investment 5 whose first page answers `page`. */
export function start(
  page: DayPrice[] | Error = [market, typed],
  { decimalMark }: { decimalMark?: DecimalMark } = {},
) {
  const api = fakeApi();
  const data = recorder();
  const notices = recorder();
  const session = fakeSession();
  if (page instanceof Error) api.priceCalls.getPrices.mockRejectedValueOnce(page);
  else api.priceCalls.getPrices.mockResolvedValueOnce(page);
  const prices = createActor(pricesMachine, {
    input: {
      api,
      data: data.ref,
      session: session.session,
      notices: notices.ref,
      investmentId: '5',
      today: TODAY,
      newKey: keyMaker(),
      decimalMark,
    },
  }).start();
  const change = (field: PriceField, value: string) =>
    prices.send({ type: 'form.changed', field, value });
  return { api, data, notices, session, prices, change };
}

export type Prices = ReturnType<typeof start>['prices'];

export const noticeTexts = (notices: ReturnType<typeof recorder>) =>
  notices
    .events()
    .filter((e) => e.type === 'notice.posted')
    .map((e) => (e as unknown as { notice: { text: string } }).notice.text);
