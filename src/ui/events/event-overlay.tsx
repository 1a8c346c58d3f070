import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { EventKind, Transaction } from '../../domain/types';
import { BusyButton } from '../forms/busy-button';
import { DateField } from '../forms/date-field';
import { bindField, FormError, SelectField, TextField } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { Overlay } from '../components/dialogs/overlay';
import { Readout } from '../forms/readout';
import { useFormatters } from '../components/format-context';
import { useInvestment, useTransactions } from '../data/use-data';
import { useEditEventForm, useEventForm, type EventFormView } from './use-event-form';
import { useT } from '../app/use-i18n';
import type { OverlayControl } from '../app/use-overlay';
import type { EventValues } from '../../machines/events';
import './event-overlay.css';
import { EVENT_TEXTS } from './event-catalogue';

interface EventFieldsProps {
  kind: EventKind;
  form: EventFormView;
  /** Shares held now (the hint of a buy or sale), when known. */
  held: number | undefined;
  /** A split's holding before it. */
  splitBefore: number;
  /** The aktiesparekonto's room left (null: none), when this buy would take it over the year's ceiling. */
  overRoom?: string | null;
}

/** The fields of one kind, with its result before saving (total, or split ratio). */
function EventFields({ kind, form, held, splitBefore, overRoom }: EventFieldsProps) {
  const f = useFormatters();
  const { t } = useT(EVENT_TEXTS);
  const { values, errors, change, currencyOptions } = form;
  const field = bindField(values, errors, change);
  const currency = (
    <SelectField
      label={t('event.currency')}
      required
      options={currencyOptions}
      {...field('currency_code')}
    />
  );
  const date = <DateField label={t('event.date')} required max={form.today} {...field('date')} />;
  const fee = <TextField label={t('event.fee')} decimal placeholder={f.zero} {...field('fee')} />;

  return (
    <>
      {(kind === 'buy' || kind === 'sell') && (
        <>
          {held !== undefined && (
            <p className="field__hint">{t('event.hold', { shares: f.sharesCount(held) })}</p>
          )}
          {date}
          <div className="field-row">
            <TextField label={t('event.shares')} decimal required {...field('shares')} />
            <TextField
              label={t('event.sharePrice')}
              decimal
              required
              hint={form.suggestedPrice && t('event.didYouMean', { price: form.suggestedPrice })}
              {...field('share_price')}
            />
          </div>
          {form.suggestedPrice && (
            <div className="price-question">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={form.acceptSuggestion}
              >
                {t('event.useSuggested', { price: form.suggestedPrice })}
              </button>
              <p className="field__hint">{t('event.keepTyped')}</p>
            </div>
          )}
          <div className="field-row">
            {fee}
            {currency}
          </div>
          <Readout label={t(kind === 'buy' ? 'event.total' : 'event.totalAfterFee')}>
            {form.total ?? '–'}
          </Readout>
          {overRoom !== undefined && (
            <p className="event-warning" role="status">
              {overRoom === null ? t('event.noRoom') : t('event.overRoom', { room: overRoom })}
            </p>
          )}
        </>
      )}
      {kind === 'dividend' && (
        <>
          {date}
          <TextField label={t('event.amount')} decimal required {...field('amount')} />
          <TextField
            label={t('event.withholdingTax')}
            decimal
            hint={t('event.withholdingHint')}
            {...field('withholding_tax')}
          />
          {currency}
        </>
      )}
      {kind === 'split' && (
        <>
          {date}
          <Readout label={t('event.ratio')}>{form.ratio}</Readout>
          <TextField
            label={t('event.sharesAfter')}
            decimal
            required
            hint={t('event.before', { shares: f.sharesCount(splitBefore) })}
            {...field('shares_after')}
          />
          <div className="field-row">
            {fee}
            {currency}
          </div>
          <fieldset className="fieldset" disabled={!form.soldEnabled}>
            <legend>{t('event.cashInLieu')}</legend>
            <TextField
              label={t('event.soldShares')}
              decimal
              disabled={!form.soldEnabled}
              {...field('sold_shares')}
            />
            <TextField
              label={t('event.soldPrice')}
              decimal
              disabled={!form.soldEnabled}
              {...field('sold_share_price')}
            />
          </fieldset>
        </>
      )}
    </>
  );
}

export interface EventOverlayProps {
  investmentId: string;
  kind: EventKind;
  currentShares: number;
  overlay: OverlayControl;
  /** What the form starts with instead of the defaults (a suggestion's Record). */
  prefill?: Partial<EventValues>;
}

/** The full-screen form of a new event: buy, sell, dividend or stock split. */
export function EventOverlay({
  investmentId,
  kind,
  currentShares,
  overlay,
  prefill,
}: EventOverlayProps) {
  const form = useEventForm({
    investmentId,
    kind,
    currentShares,
    overlay: overlay.actor,
    prefill,
  });
  const { t } = useT(EVENT_TEXTS);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Overlay title={t(`event.${kind}`)} onClose={overlay.close} closing={overlay.closing}>
      <form className="form" onSubmit={onSubmit}>
        <EventFields
          kind={kind}
          form={form}
          held={currentShares}
          splitBefore={currentShares}
          overRoom={form.overRoom}
        />
        <FormError message={form.formError} />
        <FormButtons onCancel={overlay.close} submit={t('common.add')} busy={form.submitting} />
      </form>
    </Overlay>
  );
}

/** The overlay mode of a transaction's correction form: `edit:<id>`. */
export const EDIT_MODE_PREFIX = 'edit:';

/** The id of the transaction an overlay mode opens, if it is a correction. */
export function editedId(mode: string | undefined): string | undefined {
  return mode?.startsWith(EDIT_MODE_PREFIX) ? mode.slice(EDIT_MODE_PREFIX.length) : undefined;
}

/** The mode that opens a transaction's correction form in an overlay. */
export function editMode(transaction: Transaction): string {
  return EDIT_MODE_PREFIX + transaction.id;
}

/**
 * The correction form an `edit:<id>` overlay shows, while that transaction is listed (a deleted
 * one leaves with its row).
 */
export function TransactionOverlay({ overlay }: { overlay: OverlayControl }) {
  const id = editedId(overlay.mode);
  const { transactions } = useTransactions();
  const transaction = id === undefined ? undefined : transactions.find((t) => t.id === id);
  if (!overlay.visible || !transaction) return null;
  return <EditEventOverlay key={overlay.opening} transaction={transaction} overlay={overlay} />;
}

interface EditEventOverlayProps {
  transaction: Transaction;
  overlay: OverlayControl;
}

/** The same form, filled in with a recorded event: Save corrects it, Delete (confirmed) removes it. */
function EditEventOverlay({ transaction, overlay }: EditEventOverlayProps) {
  const { shares: held } = useInvestment(transaction.investment_id);
  const form = useEditEventForm({ transaction, overlay: overlay.actor });
  const questionId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const asking = form.confirming || form.deleting;
  const { t, text } = useT(EVENT_TEXTS);
  // The question takes focus, so keyboard and screen-reader users meet it first.
  useEffect(() => {
    if (form.confirming) keep.current?.focus();
  }, [form.confirming]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <Overlay title={t(`event.${form.kind}`)} onClose={overlay.close} closing={overlay.closing}>
      <form className="form" onSubmit={onSubmit}>
        <fieldset
          className="event-edit__fields"
          disabled={asking || form.loading}
          aria-busy={form.loading || undefined}
        >
          <EventFields kind={form.kind} form={form} held={held} splitBefore={form.splitBefore} />
        </fieldset>
        <FormError message={form.formError} />
        {asking ? (
          <div className="event-delete" role="group" aria-labelledby={questionId}>
            <p className="event-delete__question" id={questionId}>
              {text(form.question)}
            </p>
            <p className="field__hint">{t('event.deleteHint')}</p>
            <div className="button-row">
              <button
                ref={keep}
                type="button"
                className="button button--secondary"
                disabled={form.deleting}
                onClick={form.cancelDelete}
              >
                {t('event.keep')}
              </button>
              <BusyButton
                type="button"
                className="button event-delete__confirm"
                busy={form.deleting}
                onClick={form.confirmDelete}
              >
                {t('common.delete')}
              </BusyButton>
            </div>
          </div>
        ) : (
          <FormButtons
            onCancel={overlay.close}
            submit={t('common.save')}
            busy={form.submitting}
            submitDisabled={form.loading}
          >
            <button
              type="button"
              className="button button--secondary event-delete__start"
              disabled={form.submitting || form.loading}
              onClick={form.requestDelete}
            >
              {t('common.delete')}
            </button>
          </FormButtons>
        )}
      </form>
    </Overlay>
  );
}
