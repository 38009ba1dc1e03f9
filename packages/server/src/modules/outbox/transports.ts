import type { Transporter } from 'nodemailer';
import type { OutboxConfig } from '../../config.ts';

export interface OutgoingMessage {
  channel: 'mail' | 'sms';
  to: string;
  subject: string;
  body: string;
  kind: string;
}

/** Delivers one message; throws when the transport refuses it. */
export type Transport = (message: OutgoingMessage) => Promise<void>;

/** Seconds before an SMTP server or the text-message webhook counts as not answering. */
const TIMEOUT_MS = 15_000;

/**
 * The configured transports (ARCHITECTURE "Outgoing mail and text messages"): SMTP through
 * nodemailer when SMTP_URL is set, an HTTP webhook for text messages when SMS_WEBHOOK_URL is set.
 * A channel without one has no transport; its messages are only stored.
 */
export function createTransports(config: OutboxConfig): Partial<Record<'mail' | 'sms', Transport>> {
  const transports: Partial<Record<'mail' | 'sms', Transport>> = {};
  if (config.smtpUrl) {
    const url = config.smtpUrl;
    // nodemailer is loaded with the first message, not by every server that has SMTP set.
    let mailer: Transporter | undefined;
    transports.mail = async (m) => {
      mailer ??= (await import('nodemailer')).default.createTransport({
        url,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      await mailer.sendMail({ from: config.smtpFrom, to: m.to, subject: m.subject, text: m.body });
    };
  }
  if (config.smsWebhookUrl) {
    const url = config.smsWebhookUrl;
    transports.sms = async (m) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.to, body: m.body, kind: m.kind }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`text-message webhook answered ${res.status}`);
    };
  }
  return transports;
}
