import { useId } from 'react';
import { Link } from 'wouter';
import type { FirstStep } from '../../machines/selectors';

const STEPS: Record<FirstStep, { title: string; text: string; href: string; action: string }> = {
  portfolio: {
    title: 'Welcome to Formue',
    text: 'Start with a portfolio: a name for a group of investments, such as a pension or a savings account.',
    href: '/portfolios/create',
    action: 'Create a portfolio',
  },
  investment: {
    title: 'Your portfolio is ready',
    text: 'Add a stock, fund or crypto you hold, with the shares and the price you paid. Formue then shows its value and how it changes.',
    href: '/investments/create',
    action: 'Add your first investment',
  },
};

/** Home's card for an account with nothing to value yet: the one thing to do next. */
export function FirstStepCard({ step }: { step: FirstStep }) {
  const { title, text, href, action } = STEPS[step];
  const titleId = useId();
  return (
    <section className="card first-step" aria-labelledby={titleId}>
      <p className="first-step__count">Step {step === 'portfolio' ? 1 : 2} of 2</p>
      <h2 id={titleId} className="first-step__title">
        {title}
      </h2>
      <p className="first-step__text">{text}</p>
      <Link href={href} className="button button--primary">
        {action}
      </Link>
    </section>
  );
}
