// The password reset e-mail, sent by nodemailer over SMTP; without SMTP_URL the link is logged,
// for a self-hoster without mail.
import nodemailer from 'nodemailer';
import type { Mailer } from '../contract/store';
import type { MailConfig } from './config';

export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Laravel's ResetPassword notification, in English and Danish (the server knows no language). */
function resetText(link: string): string {
  return [
    'You are receiving this email because we received a password reset request for your account.',
    '',
    `Reset password: ${link}`,
    '',
    'This password reset link will expire in 60 minutes.',
    'If you did not request a password reset, no further action is required.',
    '',
    '--',
    '',
    'Du får denne e-mail, fordi vi har fået en anmodning om at nulstille adgangskoden til din konto.',
    '',
    `Nulstil adgangskode: ${link}`,
    '',
    'Linket udløber om 60 minutter.',
    'Hvis du ikke har bedt om at nulstille adgangskoden, skal du ikke gøre noget.',
  ].join('\n');
}

/**
 * Sends without being waited for: the answer to "forgot password" takes as long whether the
 * address has an account or not, and a slow mail server never holds it up.
 */
export function createMailer(config: MailConfig, log: MailLog): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    delivery: transport ? 'email' : 'log',
    passwordReset: (to, path) => {
      const link = new URL(path, config.appUrl).toString();
      if (!transport) {
        log.info({ email: to.email, link }, 'password reset link (no SMTP_URL: not sent)');
        return Promise.resolve();
      }
      transport
        .sendMail({
          from: config.from,
          to: { name: to.name, address: to.email },
          subject: 'Reset Password Notification / Nulstil adgangskode',
          text: resetText(link),
        })
        .then(
          () => log.info({ email: to.email }, 'password reset link sent'),
          (error: unknown) =>
            log.error({ err: error, email: to.email }, 'password reset mail failed'),
        );
      return Promise.resolve();
    },
  };
}
