import { newId } from "@mx/kit/secrets";
import { withSupportEmail } from "@mx/shared/constants";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { devMail } from "../../db/schema/mail";

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  kind: "smtp" | "dev-mailbox";
  send(mail: Mail): Promise<void>;
};

/** Fills the support address into every mail the app writes (the templates carry SUPPORT_EMAIL_SLOT). */
export function withSupportAddress(mailer: Mailer, address: string): Mailer {
  const fill = (text: string) => withSupportEmail(text, address);
  return {
    kind: mailer.kind,
    send: (mail) =>
      mailer.send({ ...mail, subject: fill(mail.subject), text: fill(mail.text), html: fill(mail.html) }),
  };
}

/** Real mail over SMTP. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Keeps mail in the database and logs it, for running without an SMTP server. */
export function devMailboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: "dev-mailbox",
    async send(mail) {
      await db.insert(devMail).values({ id: newId(), ...mail });
      log.info(
        { to: mail.to, subject: mail.subject },
        `dev mailbox: ${mail.subject} → ${mail.to}\n${mail.text}`,
      );
    },
  };
}
