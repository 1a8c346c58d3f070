// The logged-in user: profile (PUT is ours, beyond the spec), valuation, chart and benchmark.
import { json, selectedPeriod, unprocessable, type Route } from '../answers';
import { exactBounds, type KeptSources } from '../kept-answers';
import {
  benchmarkChoice,
  currentPassword,
  email as emailRules,
  newPassword,
  profileUpdate,
} from '../../domain/wire/requests';
import { readField, readRequest } from '../read-request';
import { phaseEnd, phaseStart } from '../phases';
import {
  benchmarkChart,
  benchmarkOf,
  valuedWithBenchmark,
  DEFAULT_BENCHMARK,
  firstTradeIn,
  firstTradeOf,
  placedDefault,
  resolveBenchmark,
  wireBenchmark,
} from '../benchmark';
import { identifierErrors } from '../events';
import { findInstrument } from '../../domain/market';
import { EMAIL_TAKEN, passwordAttempt, userBody } from './auth.routes';
import { cashSources, keptCash, totalCash } from '../cash';
import { tidy } from '../../domain/ledger';
import { utcDay } from '../../market/zoned-time';

export function userRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/user',
      access: 'auth',
      handle: async ({ store, userId }) => {
        const user = await store.userById(userId);
        return user ? json(200, userBody(user)) : json(401, { message: 'Unauthenticated.' });
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/user',
      access: 'auth',
      handle: async (call) => {
        const { store, hasher, body, userId, session } = call;
        const user = await store.userById(userId);
        if (!user) return json(401, { message: 'Unauthenticated.' });
        const read = readRequest(profileUpdate, body);
        const { errors } = read;
        const email = read.field('email', emailRules);
        const holder = email ? await store.userByEmail(email) : undefined;
        if (holder && holder.id !== userId) errors.add('email', EMAIL_TAKEN);
        const password = read.field('password', newPassword) ?? undefined;
        // What lets someone take the account over (its password, the address a reset would go
        // to) needs the current password: a session left open is not enough.
        const sensitive =
          password !== undefined ||
          (email !== undefined && email.toLowerCase() !== user.email.toLowerCase());
        const current = sensitive
          ? readField(errors, 'current_password', currentPassword, body)
          : undefined;
        if (current !== undefined) {
          // Per user, not per address: whoever holds the session cannot guess on from others.
          const key = `current-password|${userId}`;
          const throttled = await passwordAttempt(call, key);
          if (throttled) return throttled;
          if (await hasher.verify(current, user.passwordHash)) await store.clearAttempts(key);
          else errors.add('current_password', 'The password is incorrect.');
        }
        if (!read.value || errors.failed) return unprocessable(errors);
        const { name } = read.value;
        const updated = {
          ...user,
          name,
          email: read.value.email.toLowerCase(),
          passwordHash: password === undefined ? user.passwordHash : await hasher.hash(password),
        };
        await store.updateUser(updated);
        // A reset link was for the address and password the account had.
        if (sensitive) await store.deleteUserResetTokens(userId);
        // A new password ends every other session and every other "Remember me": a thief's
        // stays open no longer. This browser's, if it had one, gets a new token.
        if (password !== undefined) {
          const remembered = await call.remembered();
          await store.deleteUserSessions(userId, session.id);
          await store.deleteUserRememberTokens(userId);
          if (remembered) await call.remember(userId);
        }
        return json(200, userBody(updated));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/user/valuation',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const portfolios = await call.store.portfolios(call.userId);
        return call.kept.answer(call, 'valuation', { investments, portfolios }, async () => {
          const figures = await call.valuer(investments);
          const valuation = figures.valuation(investments);
          const cash = totalCash(await keptCash(call, portfolios, investments));
          if (cash !== 0) valuation.value.value = tidy(valuation.value.value + cash);
          return {
            answer: json(200, { valuation }),
            bounds: exactBounds(
              figures,
              selectedPeriod(call.request.cookies),
              call.now,
              investments,
            ),
          };
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/user/chart',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const portfolios = await call.store.portfolios(call.userId);
        // Kept with the benchmark already chosen or placed, or, with none, while the market has
        // not placed the default (making the chart asks for it, and so does a kept one).
        const chosen = await call.store.benchmark(call.userId);
        const sources: KeptSources = {
          investments,
          portfolios,
          benchmark: chosen,
          benchmarkUnplaced: async (since) => !(await placedDefault(call, since)),
        };
        return call.kept.answer(call, 'chart', sources, async () => {
          const { figures, benchmark } = await valuedWithBenchmark(call, investments);
          const cash = await cashSources(call, figures, portfolios, investments);
          const charting = phaseStart();
          const line = benchmarkChart(call, figures, benchmark, investments, cash);
          const answer = json(200, {
            ...figures.chart(investments, cash),
            ...(line && { benchmark: line }),
          });
          phaseEnd('chart', charting);
          // Without its line (no price yet) the answer asks for the history: made again.
          const keptLine =
            line !== undefined && JSON.stringify(benchmark?.row) === JSON.stringify(chosen);
          const unplaced = !chosen && !benchmark;
          const also = benchmark ? [benchmark.holding] : [];
          const period = selectedPeriod(call.request.cookies);
          return {
            answer,
            bounds:
              keptLine || unplaced
                ? exactBounds(figures, period, call.now, investments, also)
                : undefined,
            // The day `benchmarkOf` wanted the default from.
            ...(unplaced && {
              benchmarkSince: utcDay(firstTradeIn(figures, investments, call.now)),
            }),
          };
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/user/benchmark',
      access: 'auth',
      handle: async (call) => {
        const row = await benchmarkOf(call);
        // Before the market can place the default, it is named from the catalogue.
        const fallback = findInstrument(DEFAULT_BENCHMARK.type, DEFAULT_BENCHMARK.code);
        const benchmark = row
          ? wireBenchmark(row)
          : {
              type: DEFAULT_BENCHMARK.type,
              isin: DEFAULT_BENCHMARK.code,
              name: fallback?.name ?? '',
            };
        return json(200, { benchmark });
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/user/benchmark',
      access: 'auth',
      handle: async (call) => {
        const read = readRequest(benchmarkChoice, call.body);
        if (!read.value) return unprocessable(read.errors);
        const { type, isin } = read.value;
        const resolved = await resolveBenchmark(call, type, isin, await firstTradeOf(call));
        if ('refusal' in resolved) {
          for (const message of identifierErrors(type, resolved.refusal, 'isin'))
            read.errors.add('isin', message);
          return unprocessable(read.errors);
        }
        await call.store.saveBenchmark(call.userId, resolved);
        return json(200, { benchmark: wireBenchmark(resolved) });
      },
    },
  ];
}
