import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Listing } from '../../../src/api';
import { listingMachine, offersChange } from '../../../src/machines/investments/listing.machine';
import { flush, formFakes, http, investment, invalid, recorder } from '../support';

const copenhagen: Listing = {
  id: 'yahoo:NOVO-B.CO',
  symbol: 'NOVO-B.CO',
  name: 'Novo Nordisk B',
  exchange: 'Copenhagen',
  currency: 'DKK',
  selected: true,
};
const xetra: Listing = {
  ...copenhagen,
  id: 'yahoo:NOV.DE',
  symbol: 'NOV.DE',
  exchange: 'XETRA',
  currency: 'EUR',
  selected: false,
};

function start(listings: Listing[] | Error = [copenhagen, xetra]) {
  const { input, ...fakes } = formFakes();
  const prices = recorder();
  const suggestions = recorder();
  const { getListings } = fakes.api.priceCalls;
  if (listings instanceof Error) getListings.mockRejectedValueOnce(listings);
  else getListings.mockResolvedValueOnce(listings);
  const listing = createActor(listingMachine, {
    input: {
      ...input,
      overlay: fakes.overlay.ref,
      investmentId: '5',
      dependents: [prices.ref, suggestions.ref],
    },
  }).start();
  return { ...fakes, prices, suggestions, listing };
}

describe('listing', () => {
  it('offers a change only where the instrument trades in more than one place', async () => {
    const { listing } = start();
    await flush();
    expect(offersChange(listing.getSnapshot().context)).toBe(true);
    expect(offersChange({ listings: [copenhagen] })).toBe(false);
  });

  it('a backend without listings offers nothing', async () => {
    const { listing } = start(http(404));
    await flush();
    expect(listing.getSnapshot().matches('unavailable')).toBe(true);
    expect(offersChange(listing.getSnapshot().context)).toBe(false);
  });

  it('opens its dialog on the listing prices come from now', async () => {
    const { listing, overlay } = start();
    await flush();
    listing.send({ type: 'listing.opened' });
    expect(listing.getSnapshot().context.chosen).toBe(copenhagen.id);
    expect(overlay.events()).toEqual([{ type: 'overlay.opened', mode: 'listing' }]);
  });

  it('Save without a change only closes the dialog', async () => {
    const { api, listing, overlay } = start();
    await flush();
    listing.send({ type: 'listing.opened' });
    listing.send({ type: 'listing.submitted' });
    expect(api.priceCalls.chooseListing).not.toHaveBeenCalled();
    expect(overlay.types()).toEqual(['overlay.opened', 'overlay.closed']);
  });

  it('saves the chosen listing, announces the investment repriced, tells the prices and suggestions', async () => {
    const { api, data, overlay, notices, prices, suggestions, listing } = start();
    await flush();
    listing.send({ type: 'listing.opened' });
    listing.send({ type: 'listing.chosen', id: xetra.id });
    api.priceCalls.chooseListing.mockResolvedValueOnce(investment('5'));
    listing.send({ type: 'listing.submitted' });
    expect(listing.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(api.priceCalls.chooseListing).toHaveBeenCalledWith('5', xetra.id);
    // The figures it changes are the data machine's to reload (changes.ts).
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
    expect(prices.types()).toEqual(['listing.changed']);
    expect(suggestions.types()).toEqual(['listing.changed']);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Listing changed' } },
    ]);
    expect(overlay.types()).toEqual(['overlay.opened', 'overlay.closed']);
    expect(listing.getSnapshot().context.listings.map((l) => l.selected)).toEqual([false, true]);
  });

  it('a refusal shows on the choice, keeps the dialog and announces nothing', async () => {
    const { api, data, overlay, listing } = start();
    await flush();
    listing.send({ type: 'listing.opened' });
    listing.send({ type: 'listing.chosen', id: xetra.id });
    api.priceCalls.chooseListing.mockRejectedValueOnce(
      invalid({ listing: ['The selected listing is invalid.'] }),
    );
    listing.send({ type: 'listing.submitted' });
    await flush();
    expect(listing.getSnapshot().context.fieldErrors).toEqual({
      listing: ['The selected listing is invalid.'],
    });
    expect(listing.getSnapshot().context.chosen).toBe(xetra.id);
    expect(data.types()).toEqual([]);
    expect(overlay.types()).toEqual(['overlay.opened']);
  });

  it('a lost session waits for the login, then saves the same choice', async () => {
    const { api, session, listing } = start();
    await flush();
    listing.send({ type: 'listing.opened' });
    listing.send({ type: 'listing.chosen', id: xetra.id });
    api.priceCalls.chooseListing.mockRejectedValueOnce(http(401));
    listing.send({ type: 'listing.submitted' });
    await flush();
    expect(session.waiting()).toBe(1);
    api.priceCalls.chooseListing.mockResolvedValueOnce(investment('5'));
    session.restore();
    await flush();
    expect(api.priceCalls.chooseListing).toHaveBeenCalledTimes(2);
    expect(listing.getSnapshot().matches('ready')).toBe(true);
  });
});
