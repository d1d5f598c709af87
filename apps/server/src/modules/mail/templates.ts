import type { OtpType } from "@mx/shared/constants";
import { BRAND_NAME, OTP_TTL_SECONDS, SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import type { Mail } from "./mailer";

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Every e-mail's frame: the brand line, a title, the body and the support address. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#0d1117;font-family:Helvetica,Arial,sans-serif;color:#e6edf3">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#161b22;border-radius:12px;padding:32px">
<tr><td style="font-size:14px;letter-spacing:2px;text-transform:uppercase;color:#f0b429">${escapeHtml(BRAND_NAME)}</td></tr>
<tr><td><h1 style="font-size:22px;margin:16px 0">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#8b949e">Questions? ${escapeHtml(SUPPORT_EMAIL_SLOT)}</td></tr>
</table></td></tr></table></body></html>`;
}

const minutes = OTP_TTL_SECONDS / 60;

const purposes: Record<OtpType, { subject: string; title: string; lead: string; ignore: string }> = {
  UR: {
    subject: `Your ${BRAND_NAME} sign-up code`,
    title: "Verify your email",
    lead: "Enter this code to finish creating your account:",
    ignore: "If you did not try to sign up, you can ignore this email.",
  },
  UFP: {
    subject: `Your ${BRAND_NAME} password reset code`,
    title: "Reset your password",
    lead: "Enter this code to choose a new password:",
    ignore:
      "If you did not ask to reset your password, you can ignore this email; your password stays as it is.",
  },
};

/** The e-mail carrying a one-time code, for sign-up (UR) or password recovery (UFP). */
export function otpMail(to: string, type: OtpType, code: string): Mail {
  const p = purposes[type];
  const text = `${p.title}\n\n${p.lead}\n\n    ${code}\n\nThe code expires in ${minutes} minutes.\n${p.ignore}\n\n${BRAND_NAME}`;
  const html = layout(
    p.title,
    `<p>${escapeHtml(p.lead)}</p>
<p style="font-size:36px;letter-spacing:12px;font-weight:bold;margin:24px 0;color:#ffffff">${code}</p>
<p style="color:#8b949e">The code expires in ${minutes} minutes. ${escapeHtml(p.ignore)}</p>`,
  );
  return { to, subject: p.subject, text, html };
}

/** A notice about the player's own account: a title, paragraphs, no code. */
export function noticeMail(to: string, subject: string, title: string, paragraphs: string[]): Mail {
  const text = `${title}\n\n${paragraphs.join("\n\n")}\n\n${BRAND_NAME}`;
  const html = layout(title, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"));
  return { to, subject, text, html };
}
