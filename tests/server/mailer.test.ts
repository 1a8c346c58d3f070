// Without SMTP_URL a self-hoster still gets the reset link: the server logs it (docs/server.md).
import { describe, expect, it } from 'vitest';
import { createMailer, type MailLog } from '../../src/server/mailer';

function recordingLog() {
  const lines: { level: 'info' | 'error'; details: object; message: string }[] = [];
  const log: MailLog = {
    info: (details, message) => void lines.push({ level: 'info', details, message }),
    error: (details, message) => void lines.push({ level: 'error', details, message }),
  };
  return { log, lines };
}

describe('the password reset mail without SMTP_URL', () => {
  it('logs the link under the app’s address instead of sending it', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer(
      { smtpUrl: undefined, from: undefined, appUrl: 'https://formue.example.dk/' },
      log,
    );
    await mailer.passwordReset(
      { name: 'Ida', email: 'ida@example.com' },
      '/reset-password?token=abc&email=ida%40example.com',
    );
    expect(lines).toEqual([
      {
        level: 'info',
        details: {
          email: 'ida@example.com',
          link: 'https://formue.example.dk/reset-password?token=abc&email=ida%40example.com',
        },
        message: 'password reset link (no SMTP_URL: not sent)',
      },
    ]);
  });
});
