// The fault soak's verdict: the account as the server has it against what the script meant.
import type { Intents } from './soak-intents';
import { near, type Entered, type Named, type WireEvent, type WireInvestment } from './soak-plan';

/** What the script meant and the server lacks (lost), and what it has twice (doubled). */
export async function differences(
  intents: Intents,
  read: (path: string) => Promise<unknown>,
): Promise<{ lost: string[]; doubled: string[] }> {
  const { portfolios, investments, events, livePortfolios, liveInvestments, liveEvents } = intents;
  const storedPortfolios = ((await read('/api/v1/portfolios')) as { portfolios: Named[] })
    .portfolios;
  const storedInvestments = (
    (await read('/api/v1/investments')) as { investments: WireInvestment[] }
  ).investments;
  const storedEvents = new Map<number, Entered & { investment_id: number }>();
  for (const { id } of ((await read('/api/v1/investments/events')) as { events: WireEvent[] })
    .events)
    storedEvents.set(
      id,
      ((await read(`/api/v1/investments/events/${id}`)) as { event: Entered & WireEvent }).event,
    );

  const lost: string[] = [];
  const doubled: string[] = [];
  /** A record no intent claims: left by a delete that was lost, or made by a create run twice. */
  const unclaimed = (kind: string, record: unknown, fromDelete: boolean) =>
    (fromDelete ? lost : doubled).push(`${kind} ${JSON.stringify(record)}`);
  const goneInvestments = new Set(
    investments.filter((i) => !liveInvestments().includes(i)).map((i) => i.id),
  );

  const portfolioById = new Map(storedPortfolios.map((p) => [p.id, p]));
  for (const intent of livePortfolios()) {
    const stored = portfolioById.get(intent.id);
    if (stored?.name !== intent.name)
      lost.push(`portfolio ${intent.id} "${intent.name}": ${JSON.stringify(stored)}`);
    portfolioById.delete(intent.id);
  }
  for (const [id, stored] of portfolioById)
    unclaimed(
      'portfolio',
      stored,
      portfolios.some((p) => p.id === id),
    );

  const investmentById = new Map(storedInvestments.map((i) => [i.id, i]));
  for (const intent of liveInvestments()) {
    const stored = investmentById.get(intent.id);
    if (stored?.name !== intent.name || stored.portfolio_id !== intent.portfolio.id)
      lost.push(`investment ${intent.id} "${intent.name}": ${JSON.stringify(stored)}`);
    investmentById.delete(intent.id);
  }
  for (const [id, stored] of investmentById)
    unclaimed('investment', stored, goneInvestments.has(id));

  const sameEntry = (stored: Entered, meant: Entered) =>
    stored.type === meant.type &&
    stored.currency_code === meant.currency_code &&
    (stored.type === 'div' && meant.type === 'div'
      ? near(stored.amount, meant.amount)
      : stored.type !== 'div' &&
        meant.type !== 'div' &&
        near(stored.shares, meant.shares) &&
        near(stored.share_price, meant.share_price) &&
        near(stored.fee, meant.fee));
  // Events the script has ids of first; then first buys, found by what they hold (every price
  // the script sends is its own).
  const meant = liveEvents().sort(
    (a, b) => Number(a.id === undefined) - Number(b.id === undefined),
  );
  for (const intent of meant) {
    const id =
      intent.id ??
      [...storedEvents].find(
        ([, stored]) =>
          stored.investment_id === intent.investment.id && sameEntry(stored, intent.entered),
      )?.[0];
    const stored = id === undefined ? undefined : storedEvents.get(id);
    if (
      !stored ||
      stored.investment_id !== intent.investment.id ||
      !sameEntry(stored, intent.entered)
    )
      lost.push(
        `event ${intent.id ?? 'first buy'} ${JSON.stringify(intent.entered)}: ${JSON.stringify(stored)}`,
      );
    if (id !== undefined) storedEvents.delete(id);
  }
  for (const [id, stored] of storedEvents)
    unclaimed(
      'event',
      stored,
      goneInvestments.has(stored.investment_id) || events.some((e) => e.id === id),
    );
  return { lost, doubled };
}
