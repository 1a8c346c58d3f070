// The demo's fault soak's steps: the faults and actions of its script drawn from a seed, the data
// read through the API, and each form submitted under a fault through the Demo tools panel.
import type { Locator, Page } from '@playwright/test';
import { seededRandom } from '../../../src/domain/market';
import { expect, DEMO } from '../fixtures';

export type Fault =
  | 'none'
  /** One 419: the client's retry with a fresh CSRF cookie cures it unseen. */
  | 'csrf'
  /** The retry gets 419 too: the user is asked to log in again. */
  | 'csrfTwice'
  /** Demo tools' Expire session: 401 after the CSRF retry, log in again. */
  | 'expired'
  | 'throttled'
  | 'failing'
  | 'offline'
  /** 3 s latency, waited out. */
  | 'slow'
  /** 3 s latency, and the form is closed while its submit is in flight. */
  | 'slowCancel'
  | 'doubleClick';

/** How many steps meet each fault; few slow ones keep the soak short. */
const DECK: Record<Fault, number> = {
  none: 9,
  csrf: 2,
  csrfTwice: 2,
  expired: 3,
  throttled: 2,
  failing: 3,
  offline: 3,
  slow: 2,
  slowCancel: 2,
  doubleClick: 4,
};

type Action =
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'correct'
  | 'addPortfolio'
  | 'renamePortfolio'
  | 'renameInvestment';

const ACTIONS: readonly Action[] = [
  'buy',
  'buy',
  'buy',
  'sell',
  'sell',
  'dividend',
  'dividend',
  'correct',
  'correct',
  'addPortfolio',
  'renamePortfolio',
  'renameInvestment',
];

export interface Step {
  action: Action;
  fault: Fault;
}

/** The session's script: the deck shuffled by the seed, an action drawn for each fault. */
export function script(seed: number): Step[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const faults = (Object.entries(DECK) as [Fault, number][]).flatMap(([fault, count]) =>
    Array.from({ length: count }, () => fault),
  );
  for (let i = faults.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [faults[i], faults[j]] = [faults[j], faults[i]];
  }
  let buys = 0;
  return faults.map((fault) => {
    let action = pick(ACTIONS);
    // A correction needs a purchase of this session to correct.
    if (action === 'correct' && buys === 0) action = 'buy';
    if (action === 'buy') buys += 1;
    return { action, fault };
  });
}

// What the API answers, as far as the soak reads it.
export interface ApiEvent {
  id: number;
  investment_id: number;
  type: string;
  date: string;
  shares: number;
  stock_price: number;
  total_value: number;
}
export interface ApiNamed {
  id: number;
  name: string;
  shares?: number;
}
interface Data {
  events: ApiEvent[];
  portfolios: ApiNamed[];
  investments: ApiNamed[];
}

/** One record the user meant: an event, or a portfolio or investment by its name. */
export interface Intent<T> {
  label: string;
  matches: (record: T) => boolean;
}

/** Reads the data as the page's own session sees it (Mirage answers the page's fetch). */
export async function readData(page: Page): Promise<Data> {
  return page.evaluate(async () => {
    const get = async (path: string) => {
      const answer = await fetch(`/api/v1${path}`, {
        headers: { Accept: 'application/json' },
        credentials: 'include',
      });
      if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
      return (await answer.json()) as Record<string, unknown>;
    };
    return {
      events: (await get('/investments/events')).events,
      portfolios: (await get('/portfolios')).portfolios,
      investments: (await get('/investments')).investments,
    } as Data;
  });
}

async function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async (url) =>
      (await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'include' }))
        .status,
    `/api/v1${path}`,
  );
}

export const near = (a: number, b: number) => Math.abs(Number(a) - b) < 1e-6;

const MESSAGES = {
  failing: 'The server had a problem. Please try again in a moment.',
  offline: 'You appear to be offline. Check your connection and try again.',
  throttled: /Too many requests\. Try again in \d+ seconds?\./,
} as const;

/** A form as the soak drives it, whatever its kind. */
interface Form {
  submit(): Promise<void>;
  doubleSubmit(): Promise<void>;
  /** Closes the form while its submit is in flight. */
  cancel(): Promise<void>;
  /** The submit went through and the form is gone. */
  done(timeout?: number): Promise<void>;
  /** Where a failure is told. */
  told(message: string | RegExp): Locator;
  /** What the user typed is still there. */
  keptInput(): Promise<void>;
}

/** The Demo tools panel, opened for one change and closed again. */
export async function demoTools(page: Page, change: (panel: Locator) => Promise<void>) {
  const tab = page.getByRole('button', { name: 'Demo tools' });
  await tab.click();
  const panel = page.getByRole('region', { name: 'Demo tools' });
  await change(panel);
  await tab.click();
  await expect(panel).toHaveCount(0);
}

export const button = (name: string) => (panel: Locator) =>
  panel.getByRole('button', { name, exact: true }).click();
const slowAnswers = async (panel: Locator) => {
  await panel.getByLabel('Latency').selectOption('3000');
};

export const SWITCH_ON: Partial<Record<Fault, (panel: Locator) => Promise<void>>> = {
  csrf: button('419 once'),
  csrfTwice: button('419 twice'),
  expired: button('Expire session'),
  throttled: button('Throttle 3 s'),
  failing: button('Fail with 500'),
  offline: button('Offline'),
  slow: slowAnswers,
  slowCancel: slowAnswers,
};

async function logInAgain(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Log in again' });
  await expect(dialog.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.email);
  await dialog.getByLabel('Password').fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Submits a filled form under a fault (already switched on) and sees it through. */
export async function submitUnder(page: Page, fault: Fault, form: Form) {
  switch (fault) {
    case 'none':
    case 'csrf':
      await form.submit();
      await form.done();
      return;
    case 'doubleClick':
      await form.doubleSubmit();
      await form.done();
      return;
    case 'csrfTwice':
    case 'expired':
      await form.submit();
      await logInAgain(page);
      // The pending submit goes out by itself once the user is back.
      await form.done();
      return;
    case 'failing':
    case 'offline':
      await form.submit();
      await expect(form.told(MESSAGES[fault])).toBeVisible();
      await form.keptInput();
      await demoTools(page, button(fault === 'failing' ? 'Fail with 500' : 'Offline'));
      await form.submit();
      await form.done();
      return;
    case 'throttled':
      await form.submit();
      await expect(form.told(MESSAGES.throttled)).toBeVisible();
      await form.keptInput();
      // The user waits as the message says, then tries again.
      await expect.poll(() => apiStatus(page, '/auth/check'), { timeout: 30_000 }).toBe(200);
      await form.submit();
      await form.done();
      return;
    case 'slow':
      await form.submit();
      await form.done(15_000);
      // Back to the demo's own latency.
      await demoTools(page, button('Clear faults'));
      return;
    case 'slowCancel':
      await form.submit();
      await form.cancel();
      await form.done();
      // Back to the demo's own latency.
      await demoTools(page, button('Clear faults'));
      return;
  }
}

/** An overlay form (an event, or its correction) with its submit button. */
export function overlayForm(
  page: Page,
  title: string,
  submit: string,
  fields: Record<string, string>,
): Form {
  const dialog = page.getByRole('dialog', { name: title });
  const submitButton = dialog.getByRole('button', { name: submit, exact: true });
  return {
    submit: () => submitButton.click(),
    doubleSubmit: () => submitButton.dblclick(),
    async cancel() {
      // A busy submit button says the change is on its way: closing now must not lose it.
      await expect(submitButton).toBeDisabled();
      await dialog.getByRole('button', { name: 'Close' }).click();
    },
    done: (timeout) =>
      expect(page.getByRole('dialog', { name: title, includeHidden: true })).toHaveCount(0, {
        timeout,
      }),
    told: (message) => dialog.getByText(message),
    async keptInput() {
      for (const [label, value] of Object.entries(fields))
        await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
    },
  };
}
