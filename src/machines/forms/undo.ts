// Undo after a deletion, the same for every flow that offers it (an event's, a price's, an
// investment's or a portfolio's deletion): how long it is offered, and the state that offers it.

/** How long Undo is offered after a deletion. */
export const UNDO_MS = 5000;

type Args<Context> = { context: Context };

/**
 * Undo offered for the window (the setup's `undoWindow` delay, `UNDO_MS`): the deletion's toast
 * is held with Undo (the setup's `holdNotice`); `undo.requested` takes `undone`, the window's end
 * `ended`. `on` adds the flow's other events there.
 */
export function offeringUndo<Context, Ended, Undone, On extends object = Record<never, never>>(
  notice: (context: Context) => string,
  { ended, undone, on }: { ended: Ended; undone: Undone; on?: On },
) {
  return {
    entry: {
      type: 'holdNotice' as const,
      params: ({ context }: Args<Context>) => ({ text: notice(context), undo: true }),
    },
    after: { undoWindow: ended },
    // Handled here only: a second press, or one after the window, does nothing.
    on: { ...(on as On), 'undo.requested': undone },
  };
}
