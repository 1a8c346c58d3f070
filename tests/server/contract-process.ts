// The contract as one server process runs it, without HTTP: for tests that stand several
// processes (or users) on one store.
import type { Answer, ContractRequest } from '../../src/contract/answers';
import { createContract, type ContractOptions } from '../../src/contract/kernel';
import type { Store } from '../../src/contract/store';
import { syntheticMarket } from '../../src/contract/market/synthetic-market';
import { demoHasher, tokenDigest } from '../../src/mock-server/secrets';

/** One server process: the contract over `store`, its requests carrying the shared cookies. */
export function processOn(
  store: Store,
  cookies: Record<string, string>,
  options: Partial<ContractOptions> = {},
) {
  const contract = createContract({
    store,
    hasher: demoHasher,
    market: syntheticMarket(),
    tokenDigest,
    mailer: { delivery: 'log', passwordReset: () => Promise.resolve() },
    randomToken: () => Math.random().toString(36).slice(2).padEnd(24, 'x'),
    ...options,
  });
  return async (method: string, path: string, body: unknown = {}, headers = {}) => {
    const sent = new Map(
      Object.entries({ 'Content-Type': 'application/json', ...headers }).map(([k, v]) => [
        k.toLowerCase(),
        String(v),
      ]),
    );
    const url = new URL(path, 'http://127.0.0.1');
    const request: ContractRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      header: (name) =>
        name.toLowerCase() === 'x-xsrf-token'
          ? cookies['XSRF-TOKEN']
          : sent.get(name.toLowerCase()),
      cookies,
      body: () => Promise.resolve({ text: JSON.stringify(body) }),
      address: '127.0.0.1',
    };
    const answer: Answer = await contract.handle(request);
    for (const c of answer.cookies) cookies[c.name] = c.value;
    return answer;
  };
}
