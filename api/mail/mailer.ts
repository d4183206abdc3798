import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; the only part of the API that talks SMTP. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A mailer for SMTP_URL (smtp:// or smtps://, credentials in the URL), sending as MAIL_FROM. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
