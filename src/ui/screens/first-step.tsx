import { useId } from 'react';
import { Link } from 'wouter';
import type { FirstStep } from '../../machines/selectors';
import { useT } from '../hooks/use-i18n';
import './first-step.css';

const HREFS: Record<FirstStep, string> = {
  portfolio: '/portfolios/create',
  investment: '/investments/create',
};

/** Home's card for an account with nothing to value yet: the one thing to do next. */
export function FirstStepCard({ step }: { step: FirstStep }) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section className="card first-step" aria-labelledby={titleId}>
      <p className="first-step__count">{t('step.count', { step: step === 'portfolio' ? 1 : 2 })}</p>
      <h2 id={titleId} className="first-step__title">
        {t(`step.${step}.title`)}
      </h2>
      <p className="first-step__text">{t(`step.${step}.text`)}</p>
      <Link href={HREFS[step]} className="button button--primary">
        {t(`step.${step}.action`)}
      </Link>
      <Link href="/import" className="first-step__import">
        {t('step.import')}
      </Link>
    </section>
  );
}
