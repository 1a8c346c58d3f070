import { Fragment, useId, type ReactNode } from 'react';
import type { Suggestion } from '../../api';
import { BusyButton } from '../forms/busy-button';
import { useFormatters } from '../components/format-context';
import { useMoney } from '../components/figures/money';
import type { SuggestionsControl } from './use-suggestions';
import { useMarketT } from '../app/use-market-texts';
import './suggestion-notices.css';

/** A text's placeholders filled with elements, as `fill` fills them with strings. */
function filled(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  return template
    .split(/\{(\w+)\}/)
    .map((piece, index) =>
      index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece,
    );
}

/**
 * Each split or dividend the provider reports and the investment has not recorded, as a notice:
 * "NVIDIA split 1:10 (10 for 1) on 2024-06-10. Record it?" with Record (the event's form, filled in) and
 * Dismiss. Nothing shows without suggestions.
 */
export function SuggestionNotices({
  name,
  suggestions,
  onRecord,
}: {
  /** The investment's name, as the notices say it. */
  name: string;
  suggestions: SuggestionsControl;
  onRecord: (suggestion: Suggestion) => void;
}) {
  const { tm } = useMarketT();
  if (suggestions.suggestions.length === 0) return null;
  return (
    <section className="suggestions" aria-label={tm('suggestions.label')}>
      {suggestions.suggestions.map((suggestion) => (
        <SuggestionNotice
          key={`${suggestion.kind}:${suggestion.date}`}
          name={name}
          suggestion={suggestion}
          dismissing={
            suggestions.dismissing?.kind === suggestion.kind &&
            suggestions.dismissing.date === suggestion.date
          }
          busy={suggestions.dismissing !== undefined}
          onRecord={() => onRecord(suggestion)}
          onDismiss={() => suggestions.dismiss(suggestion)}
        />
      ))}
    </section>
  );
}

function SuggestionNotice({
  name,
  suggestion,
  dismissing,
  busy,
  onRecord,
  onDismiss,
}: {
  name: string;
  suggestion: Suggestion;
  /** This one's dismissal is on its way. */
  dismissing: boolean;
  /** A dismissal is on its way. */
  busy: boolean;
  onRecord: () => void;
  onDismiss: () => void;
}) {
  const { tm, template } = useMarketT();
  const money = useMoney();
  const f = useFormatters();
  const textId = useId();
  // A day or an amount never breaks at its hyphen or space.
  const date = <span className="num">{suggestion.date}</span>;
  const message =
    suggestion.kind === 'split'
      ? filled(template('suggestion.split'), {
          name,
          // The provider's numerator is the shares after: from:to is denominator:numerator.
          ratio: f.splitRatio(suggestion.denominator, suggestion.numerator),
          date,
        })
      : filled(template('suggestion.dividend'), {
          name,
          amount: (
            <span className="num">{money(suggestion.per_share, suggestion.currency_code)}</span>
          ),
          date,
        });
  return (
    <div className="suggestion" role="group" aria-labelledby={textId}>
      <p className="suggestion__text" id={textId}>
        {message}
      </p>
      <div className="suggestion__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={dismissing}
          onClick={onRecord}
        >
          {tm('suggestion.record')}
        </button>
        <BusyButton
          type="button"
          className="button button--secondary button--small"
          busy={dismissing}
          disabled={busy && !dismissing}
          onClick={onDismiss}
        >
          {tm('suggestion.dismiss')}
        </BusyButton>
      </div>
    </div>
  );
}
