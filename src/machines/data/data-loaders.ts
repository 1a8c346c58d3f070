// The data actor's effects (STYLE point 6): one loader for any resource key, spawned per request
// and stopped once it has answered, was replaced, or no view needs its key; and the watcher of
// the connection and the tab coming back, for recovery.
import { fromCallback } from 'xstate';
import type { Api } from '../../api';
import { ApiError, messageOf } from '../../api/errors';
import type { Period } from '../../domain/types';
import type { Answer, ResourceData } from './data-held';
import type { Resource } from './changes';
import type { Platform } from '../app/platform';
import { targetOf } from './resource-keys';

/** Why a load failed, and when a 429 said to come back. */
export interface Failure {
  message: string;
  /** Seconds, from Retry-After. */
  retryAfter?: number;
}

export function failureOf(error: unknown): Failure {
  return {
    message: messageOf(error),
    retryAfter: error instanceof ApiError ? error.retryAfter : undefined,
  };
}

const FIXED: { [R in Resource]: (api: Api) => Promise<ResourceData[R]> } = {
  user: (api) => api.getUser(),
  valuation: (api) => api.getValuation(),
  portfolios: (api) => api.getPortfolios(),
  investments: (api) => api.getInvestments(),
  events: (api) => api.getEvents(),
  currencies: (api) => api.getCurrencies(),
};

async function fixed<R extends Resource>(api: Api, resource: R): Promise<Answer> {
  const data = await FIXED[resource](api);
  // The kind and the data come from the same `R`; TypeScript cannot follow that through a union.
  return { kind: resource, data } as Answer;
}

/** The call that answers for `key`. */
async function fetchAnswer(api: Api, key: string): Promise<Answer> {
  const target = targetOf(key);
  switch (target.kind) {
    case 'chart':
      return { kind: 'chart', data: await api.getChart(target.ref.type, target.ref.id) };
    case 'stats': {
      const { type, id } = target.ref;
      const data = await (type === 'portfolio'
        ? api.getPortfolioStats(id)
        : api.getInvestmentStats(id));
      return { kind: 'stats', data };
    }
    case 'performance':
      return { kind: 'performance', data: await api.getPerformance(target.ref) };
    case 'resource':
      return fixed(api, target.resource);
  }
}

export type LoadReport =
  | { type: 'resource.loaded'; key: string; request: number; answer: Answer; period?: Period }
  | { type: 'resource.failed'; key: string; request: number; failure: Failure };

export interface LoadInput {
  api: Api;
  key: string;
  request: number;
  /** The period selected when asked: the answer is for it. */
  period: Period | undefined;
}

/** Spawned per request, so it reports with typed events rather than a done event. */
export const loadResource = fromCallback<LoadReport, LoadInput>(({ input, sendBack }) => {
  const { api, key, request, period } = input;
  fetchAnswer(api, key).then(
    (answer) => sendBack({ type: 'resource.loaded', key, request, answer, period }),
    (error: unknown) =>
      sendBack({ type: 'resource.failed', key, request, failure: failureOf(error) }),
  );
});

export type ReturnPorts = Pick<Platform, 'connectivity' | 'visibility'>;

export type ReturnEvent = { type: 'connection.restored' } | { type: 'page.shown' };

/** Reports the connection returning and the tab being shown again. */
export const watchReturn = fromCallback<ReturnEvent, { platform: ReturnPorts | undefined }>(
  ({ input, sendBack }) => {
    if (!input.platform) return undefined;
    const offOnline = input.platform.connectivity.onOnline(() =>
      sendBack({ type: 'connection.restored' }),
    );
    const offVisible = input.platform.visibility.onVisible(() => sendBack({ type: 'page.shown' }));
    return () => {
      offOnline();
      offVisible();
    };
  },
);
