import { Logo } from './icons';
import './brand.css';

/** The app's mark and name, atop the pages a logged-out user sees. */
export function Brand() {
  return (
    <p className="brand">
      <Logo />
      <span>Formue</span>
    </p>
  );
}
