// The data actor's recovery: what failed of what views need, retried by itself and on Retry.
import { not } from 'xstate';
import { failedKeys } from './data-entries';
import { dataSetup, type DataContext } from './data-setup';

/** Everything that failed of what views need, asked for again. */
export const RETRY_FAILED = {
  type: 'load',
  params: ({ context }: { context: DataContext }) => ({
    keys: failedKeys(context.entries, context.needs),
  }),
} as const;

/**
 * The screen's failures: one message, and retries by themselves. Throttled (429 with
 * Retry-After), it waits that long, counting the seconds down; otherwise it waits for the
 * connection or the tab to come back (watched by the data actor itself). Retry retries at once in
 * either case.
 */
export const recoveryRegion = dataSetup.createStateConfig({
  initial: 'calm',
  states: {
    calm: {
      always: { guard: 'somethingFailed', target: 'failing' },
    },
    failing: {
      initial: 'waiting',
      always: { guard: not('somethingFailed'), target: 'calm', actions: 'forgetFailure' },
      on: {
        'retry.requested': { target: '.waiting', actions: RETRY_FAILED },
        'load.failed': { actions: 'noteFailure' },
      },
      states: {
        waiting: {
          on: {
            'connection.restored': { actions: [RETRY_FAILED, 'tellConnectionRestored'] },
            'page.shown': { actions: RETRY_FAILED },
            'load.failed': {
              guard: 'throttled',
              target: 'throttled',
              actions: ['noteFailure', 'startCountdown'],
            },
          },
        },
        throttled: {
          exit: 'stopCountdown',
          on: { 'load.failed': { actions: ['noteFailure', 'startCountdown'] } },
          initial: 'counting',
          states: {
            // Re-entered each second, so its timer starts again; `throttled` stays.
            counting: {
              after: {
                tick: [
                  {
                    guard: 'countdownRunning',
                    target: 'counting',
                    reenter: true,
                    actions: 'countDown',
                  },
                  { target: '#data.recovery.failing.waiting', actions: RETRY_FAILED },
                ],
              },
            },
          },
        },
      },
    },
  },
});
