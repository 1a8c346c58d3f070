import type { FormEvent } from 'react';
import { INCOME_KINDS, TAXATIONS, type IncomeKind, type Taxation } from '../../domain/tax/kinds';
import { useT } from '../app/use-i18n';
import { Section } from '../components/section';
import { FormError, SelectField, TextField, formText } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { useTaxClass } from './use-tax-class';
import './tax-class-section.css';
import { TAX_CLASS_TEXTS } from './tax-class-catalogue';

const oneOf = <T extends string>(values: readonly T[], value: string): T =>
  values.find((v) => v === value) ?? values[0];

/**
 * An investment's class in the tax year and where it came from, with Override (a class and a
 * reason) and, for the user's own, Use the rules. An aktiesparekonto's or pension's holdings
 * follow their portfolio: nothing to override there.
 */
export function TaxClassSection({ investmentId }: { investmentId: string }) {
  const tc = useTaxClass(investmentId);
  const { t } = useT(TAX_CLASS_TEXTS);
  if (tc.unavailable) return null;
  const { taxClass } = tc;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    tc.save({
      taxation: oneOf<Taxation>(TAXATIONS, formText(data, 'taxation')),
      income: oneOf<IncomeKind>(INCOME_KINDS, formText(data, 'income')),
      reason: formText(data, 'reason'),
    });
  };
  const byPortfolio = taxClass?.basis === 'aktiesparekonto' || taxClass?.basis === 'pension';
  return (
    <Section title={t('taxClass.title')}>
      <div className="tax-class">
        {tc.loading && !taxClass && <p role="status">{t('taxClass.loading')}</p>}
        {tc.failed && (
          <>
            <FormError message={tc.failure} />
            <button type="button" className="button button--secondary" onClick={tc.retry}>
              {t('taxClass.retry')}
            </button>
          </>
        )}
        {taxClass && (
          <>
            <p>
              {t('taxClass.class', {
                taxation: t(`taxClass.taxation.${taxClass.taxation}`),
                income: t(`taxClass.income.${taxClass.income}`),
                year: taxClass.year,
              })}
            </p>
            <p className="field__hint">
              {t(`taxClass.basis.${taxClass.basis}`, { reason: taxClass.reason ?? '' })}
            </p>
            {tc.editing ? (
              <form className="form" onSubmit={onSubmit}>
                <SelectField
                  label={t('taxClass.taxation')}
                  name="taxation"
                  defaultValue={taxClass.taxation}
                  options={TAXATIONS.map((v) => ({ value: v, label: t(`taxClass.taxation.${v}`) }))}
                />
                <SelectField
                  label={t('taxClass.income')}
                  name="income"
                  defaultValue={taxClass.income}
                  options={INCOME_KINDS.map((v) => ({
                    value: v,
                    label: t(`taxClass.income.${v}`),
                  }))}
                />
                <TextField
                  label={t('taxClass.reason')}
                  name="reason"
                  required
                  defaultValue={taxClass.reason ?? ''}
                  hint={t('taxClass.reasonHint')}
                  errors={tc.reasonError}
                />
                <FormError message={tc.failure} />
                <FormButtons onCancel={tc.cancel} submit={t('common.save')} busy={tc.saving} />
              </form>
            ) : (
              <>
                <FormError message={tc.failure} />
                {!byPortfolio && (
                  <div className="button-row">
                    <button type="button" className="button button--secondary" onClick={tc.open}>
                      {t('taxClass.override')}
                    </button>
                    {taxClass.basis === 'user' && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={tc.reset}
                        disabled={tc.saving}
                      >
                        {t('taxClass.reset')}
                      </button>
                    )}
                  </div>
                )}
              </>
            )}
          </>
        )}
      </div>
    </Section>
  );
}
