import { useT } from '../app/use-i18n';

/**
 * News for the user (a session ended, a reset link sent): a status, not a fault (FormError).
 * `plain`: without the brand's tint, for news the user just asked for.
 */
export function FormNote({
  message,
  plain = false,
}: {
  message: string | undefined;
  plain?: boolean;
}) {
  const { text } = useT();
  if (!message) return null;
  return (
    <p role="status" className={plain ? 'form-note form-note--plain' : 'form-note'}>
      {text(message)}
    </p>
  );
}
