import type { ReactNode } from 'react';
import type { CashEntry } from '../../api';
import { CASH_KINDS } from '../../domain/kinds';
import { useCurrencyOptions } from '../forms/currency-options';
import { DateField } from '../forms/date-field';
import { bindField, SelectField, TextField } from '../forms/field';
import { RowDelete } from '../forms/row-delete';
import { SectionForm } from '../forms/section-form';
import { useMoney } from '../components/figures/money';
import { Section } from '../components/section';
import { LoadRetry, SkeletonRows } from '../components/states';
import { useT } from '../app/use-i18n';
import type { CashControl } from './use-cash';
import './cash-section.css';
import { CASH_TEXTS } from './cash-catalogue';

/** Withdrawals and fees take money out: listed with a minus. */
const signed = (entry: CashEntry) =>
  entry.type === 'withdrawal' || entry.type === 'fee' ? -entry.amount : entry.amount;

/**
 * A portfolio's cash (issue 38): off, with Turn on; or its balance per currency (negative shown:
 * a margin account) and its deposits, withdrawals, interest and fees, newest first, with Add and
 * each one's Delete (Undo in the notice), and Turn off. Left out where the backend keeps no cash.
 */
export function CashSection({ cash }: { cash: CashControl }) {
  const { t } = useT(CASH_TEXTS);
  if (cash.status === 'unavailable') return null;
  const on = cash.status === 'on';
  return (
    <Section
      title={t('cash.title')}
      flush
      action={
        (on || cash.status === 'off') && (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={cash.open !== undefined}
            onClick={on ? cash.add : () => cash.turn(true)}
          >
            {t(on ? 'cash.add' : 'cash.turnOn')}
          </button>
        )
      }
    >
      {cash.open === 'entry' && <EntryForm cash={cash} />}
      {cash.open === 'on' && <OpeningForm cash={cash} />}
      {cash.open === 'off' && <OffForm cash={cash} />}
      {cash.status === 'loading' && <SkeletonRows label={t('cash.loading')} />}
      {cash.status === 'failed' && <LoadRetry error={cash.loadError} onRetry={cash.retry} />}
      {cash.status === 'off' && cash.open === undefined && (
        <p className="cash__body empty">{t('cash.off')}</p>
      )}
      {on && <Account cash={cash} />}
    </Section>
  );
}

function Account({ cash }: { cash: CashControl }) {
  const { t } = useT(CASH_TEXTS);
  const money = useMoney();
  const balances = cash.account?.balances ?? [];
  const entries = cash.account?.events ?? [];
  return (
    <>
      <ul className="cash__balances" aria-label={t('cash.balances')}>
        {(balances.length === 0 ? [{ currency_code: 'DKK', amount: 0 }] : balances).map(
          ({ currency_code, amount }) => (
            <li key={currency_code} className={`num${amount < 0 ? ' cash__negative' : ''}`}>
              {money(amount, currency_code)}
            </li>
          ),
        )}
      </ul>
      {entries.length === 0 ? (
        <p className="cash__body empty">{t('cash.empty')}</p>
      ) : (
        <div className="table-wrap two-line-wrap">
          <table className="table cash-table two-line" aria-label={t('cash.table')}>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{t('table.date')}</th>
                <th scope="col">{t('cash.type')}</th>
                <th scope="col" className="num">
                  {t('cash.amount')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('investment.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="num cash-table__date">{entry.date.slice(0, 10)}</td>
                  <td className="two-line__lead">{t(`cash.kind.${entry.type}`)}</td>
                  <td className="num cash-table__amount">
                    {money(signed(entry), entry.currency_code)}
                  </td>
                  <td className="cash-table__actions">
                    <RowDelete
                      row={entry.id}
                      deleting={cash.deleting}
                      label={t('cash.deleteLabel', {
                        kind: t(`cash.kind.${entry.type}`),
                        date: entry.date.slice(0, 10),
                      })}
                      onDelete={() => cash.remove(entry)}
                    >
                      {t('common.delete')}
                    </RowDelete>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cash.open === undefined && (
        <div className="cash__body">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => cash.turn(false)}
          >
            {t('cash.turnOff')}
          </button>
        </div>
      )}
    </>
  );
}

/** A form of the section, sent by its machine. */
function CashForm({
  cash,
  ...form
}: {
  cash: CashControl;
  title: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <SectionForm
      {...form}
      busy={cash.submitting}
      formError={cash.formError}
      onSubmit={cash.submit}
      onCancel={cash.cancel}
    />
  );
}

/** An amount and its currency, side by side; `hint` under the amount. */
function AmountRow({ cash, label, hint }: { cash: CashControl; label: string; hint?: string }) {
  const { t } = useT(CASH_TEXTS);
  const field = bindField(cash.values, cash.errors, cash.change);
  const currencies = useCurrencyOptions(cash.currencies, cash.values.currency_code);
  return (
    <div className="field-row">
      <TextField label={label} decimal required hint={hint} {...field('amount')} />
      <SelectField
        label={t('event.currency')}
        required
        options={currencies}
        {...field('currency_code')}
      />
    </div>
  );
}

function EntryForm({ cash }: { cash: CashControl }) {
  const { t } = useT(CASH_TEXTS);
  const field = bindField(cash.values, cash.errors, cash.change);
  const kinds = CASH_KINDS.map((kind) => ({ value: kind, label: t(`cash.kind.${kind}`) }));
  return (
    <CashForm cash={cash} title={t('cash.formNew')} submit={t('common.add')}>
      <SelectField label={t('cash.type')} required options={kinds} {...field('type')} />
      <AmountRow cash={cash} label={t('cash.amount')} />
      <DateField label={t('event.date')} required max={cash.today} {...field('date')} />
      {cash.overRoom !== undefined && (
        <p className="cash__warning" role="status">
          {cash.overRoom === null ? t('cash.noRoom') : t('cash.overRoom', { room: cash.overRoom })}
        </p>
      )}
    </CashForm>
  );
}

function OpeningForm({ cash }: { cash: CashControl }) {
  const { t } = useT(CASH_TEXTS);
  return (
    <CashForm cash={cash} title={t('cash.formOn')} submit={t('cash.turnOn')}>
      <AmountRow cash={cash} label={t('cash.opening')} hint={t('cash.openingHint')} />
    </CashForm>
  );
}

function OffForm({ cash }: { cash: CashControl }) {
  const { t } = useT(CASH_TEXTS);
  return (
    <CashForm cash={cash} title={t('cash.formOff')} submit={t('cash.turnOff')}>
      <p className="field__hint">{t('cash.offHint')}</p>
    </CashForm>
  );
}
