/**
 * Outgoing email. One interface, three senders:
 * - SMTP through nodemailer when SMTP_URL is set (`smtp://user:pass@host:587`,
 *   `smtps://…:465`);
 * - otherwise the outbox: each message is written to a file in
 *   MAIL_OUTBOX_DIR (default `var/outbox/`, readable by the service's user
 *   only) and the log names the file, so a local installation can still
 *   confirm an address or reset a password;
 * - in memory, for tests.
 *
 * Sending never holds up or fails a page: `deliver()` starts the send and
 * logs a failure. The outbox files hold live links (reset tokens); the
 * links are never logged.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  /** Resolves when the message is handed over (to the SMTP server, the outbox, memory). */
  send: (mail: Mail) => Promise<void>;
};

export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer is loaded with the first message, not at start-up.
  let transport: Promise<Transporter> | null = null;
  return {
    async send(mail) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(url),
      );
      await (await transport).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
  };
}

export function createOutboxMailer(
  dir: string,
  from: string,
  log: Pick<FastifyBaseLogger, "info">,
): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = join(dir, name);
      await writeFile(
        file,
        `From: ${from}\r\nTo: ${mail.to}\r\nSubject: ${mail.subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${mail.text.replace(/\n/g, "\r\n")}\r\n`,
        { mode: 0o600 },
      );
      // The links are not logged: a reset or confirmation link is a secret,
      // and logs travel further than a file readable only by this user.
      log.info(
        { mail_to: mail.to, subject: mail.subject, file },
        "mail written to the outbox (no SMTP_URL set); open the file for its links",
      );
    },
  };
}

export type MemoryMailer = Mailer & { sent: Mail[] };

export function createMemoryMailer(): MemoryMailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

/** Starts sending without waiting; a failure is logged, never shown to the visitor. */
export function deliverer(mailer: Mailer, log: Pick<FastifyBaseLogger, "error">) {
  return (mail: Mail): void => {
    mailer.send(mail).catch((error: unknown) => {
      log.error({ err: error, subject: mail.subject }, "could not send an email");
    });
  };
}

export type Deliver = ReturnType<typeof deliverer>;
