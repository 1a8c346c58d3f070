import { Link } from 'wouter';

/** An address that is no screen; the way out depends on whether someone is logged in. */
export function NotFoundScreen({ loggedIn }: { loggedIn: boolean }) {
  return (
    <main className="page not-found">
      <h1 className="not-found__code">404 Not Found</h1>
      <p className="field__hint">There is nothing at this address.</p>
      <Link href={loggedIn ? '/home' : '/'} className="button button--primary">
        {loggedIn ? 'Go to Dashboard' : 'Go to Formue'}
      </Link>
    </main>
  );
}

/** A portfolio or investment id that the lists do not hold (deleted, or another user's). */
export function Missing({ what }: { what: 'portfolio' | 'investment' }) {
  return (
    <main className="page not-found">
      <p className="page__title">This {what} was not found.</p>
      <Link href="/home" className="button button--primary">
        Go to Dashboard
      </Link>
    </main>
  );
}
