// The Buy form in an aktiesparekonto (issue 39): the year's room, read from the report while the
// user types, and a warning when the buy as typed goes over it; the buy saves either way.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { YearReport } from '../../../src/api';
import { buyOverRoom, createEventMachine } from '../../../src/machines/events';
import type { EventField } from '../../../src/machines/events/event.rules';
import { flush, offline, startCreateEvent, transaction } from '../support';

/** The 2026 report of portfolio 3, an aktiesparekonto with DKK 74,200 of room (minask.dk's case). */
const report = (room: number) =>
  ({
    year: 2026,
    portfolios: [{ id: '3', aktiesparekonto: { room } }],
  }) as unknown as YearReport;

function startBuy(aktiesparekonto: string | undefined, getReport = vi.fn()) {
  const started = startCreateEvent('buy');
  started.api.reports.mockResolvedValue({ getReport } as never);
  started.api.createEvent.mockResolvedValue(transaction('1'));
  const form = createActor(createEventMachine, {
    input: {
      ...started.form.getSnapshot().context.input,
      dkkPer: (code: string) => (code === 'USD' ? 7 : undefined),
      aktiesparekonto,
    },
  }).start();
  const change = (field: EventField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  const warning = () => buyOverRoom(form.getSnapshot().context);
  return { ...started, form, change, warning };
}

describe("a buy in an aktiesparekonto: the year's room", () => {
  it('warns with the room left once the buy goes over it, and saves it all the same', async () => {
    const getReport = vi.fn(() => Promise.resolve(report(74_200)));
    const { form, change, warning, api } = startBuy('3', getReport);
    change('shares', '100');
    change('share_price', '742');
    await flush();
    expect(getReport).toHaveBeenCalledWith(2026);
    expect(warning()).toBeUndefined();
    change('fee', '0.01');
    expect(warning()).toBe(74_200);
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledWith(
      '5',
      'buy',
      expect.objectContaining({ shares: 100, share_price: 742, fee: 0.01 }),
      expect.anything(),
    );
  });

  it("counts a buy in another currency at its DKK rate, and not one of another year's day", async () => {
    const { change, warning } = startBuy(
      '3',
      vi.fn(() => Promise.resolve(report(700))),
    );
    await flush();
    change('shares', '1');
    change('share_price', '101');
    change('currency_code', 'USD');
    expect(warning()).toBe(700);
    change('date', '2025-12-30');
    expect(warning()).toBeUndefined();
  });

  it('reads nothing for a free portfolio, and warns of nothing when the read fails', async () => {
    const free = startBuy(undefined);
    free.change('shares', '1000');
    free.change('share_price', '1000');
    await flush();
    expect(free.api.reports).not.toHaveBeenCalled();
    expect(free.warning()).toBeUndefined();

    const failed = startBuy(
      '3',
      vi.fn(() => Promise.reject(offline())),
    );
    failed.change('shares', '1000');
    failed.change('share_price', '1000');
    await flush();
    expect(failed.warning()).toBeUndefined();
    expect(failed.form.getSnapshot().matches('editing')).toBe(true);
    expect(failed.form.getSnapshot().context.formError).toBeUndefined();
  });
});
