import { useId } from 'react';
import { Link } from 'wouter';
import type { FirstStep } from '../../machines/data/selectors';
import { useT } from '../app/use-i18n';
import './first-step.css';

/**
 * Home's card for an account with nothing to value yet: what to do next. Its links are the
 * empty texts of the lists under it (the product spec's), so the card only says why.
 */
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
      <Link href="/import" className="first-step__import">
        {t('step.import')}
      </Link>
    </section>
  );
}
