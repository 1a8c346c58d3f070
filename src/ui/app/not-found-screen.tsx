import { Link } from 'wouter';
import { useT } from './use-i18n';
import './not-found-screen.css';

/** An address that is no screen; the way out depends on whether someone is logged in. */
export function NotFoundScreen({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useT();
  return (
    <main className="page not-found">
      <h1 className="not-found__code">{t('notFound.title')}</h1>
      <p className="field__hint">{t('notFound.text')}</p>
      <Link href={loggedIn ? '/home' : '/'} className="button button--primary">
        {t(loggedIn ? 'notFound.dashboard' : 'notFound.landing')}
      </Link>
    </main>
  );
}

/** A portfolio or investment id that the lists do not hold (deleted, or another user's). */
export function Missing({ what }: { what: 'portfolio' | 'investment' }) {
  const { t } = useT();
  return (
    <main className="page not-found">
      <p className="page__title">{t(`notFound.${what}`)}</p>
      <Link href="/home" className="button button--primary">
        {t('notFound.dashboard')}
      </Link>
    </main>
  );
}
