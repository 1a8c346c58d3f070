import type { FormEvent } from 'react';
import { FormError, SelectField, TextField, formText } from '../forms/field';
import { FormButtons } from '../forms/form-buttons';
import { useCreatePortfolio } from './use-create-portfolio';
import { useKindOptions } from './portfolio-kind';
import { useT } from '../app/use-i18n';
import { PORTFOLIO_TEXTS } from './portfolio-catalogue';

/** /portfolios/create: a name and a kind (free funds by default), Add and Cancel. */
export function PortfolioCreateScreen() {
  const { errors, formError, submitting, submit, cancel } = useCreatePortfolio();
  const { t } = useT(PORTFOLIO_TEXTS);
  const kinds = useKindOptions();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    submit(formText(data, 'name'), formText(data, 'kind'));
  };
  return (
    <main className="page">
      <h1 className="page__title">{t('portfolioCreate.title')}</h1>
      <form className="card form" onSubmit={onSubmit}>
        <TextField label={t('portfolioCreate.name')} name="name" required errors={errors.name} />
        <SelectField
          label={t('portfolio.kind')}
          name="kind"
          options={kinds}
          defaultValue="free"
          errors={errors.kind}
          hint={t('portfolio.kindHint')}
        />
        <FormError message={formError} />
        <FormButtons onCancel={cancel} submit={t('common.add')} busy={submitting} />
      </form>
    </main>
  );
}
