import { BRAND_NAME, SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { ShopLine } from "../../db/schema/shop";
import type { Mail } from "../mail/mailer";
import { escapeHtml, layout } from "../mail/templates";

/** The short order number a customer quotes to support: the first 8 characters of the order id. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** The confirmation of a paid shop order: every line, the total charged and who to ask. */
export function orderConfirmationMail(order: {
  id: string;
  email: string;
  amountCents: number;
  lines: ShopLine[];
}): Mail {
  const number = orderNumber(order.id);
  const lineText = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name} (${formatCents(line.unitPriceCents)} each): ${formatCents(line.unitPriceCents * line.quantity)}`,
  );
  const text = [
    texts.thankYou,
    "",
    `Order ${number}`,
    "",
    ...lineText,
    "",
    `Total charged: ${formatCents(order.amountCents)}`,
    "",
    "We will let you know when your order ships.",
    `Questions? Write to ${SUPPORT_EMAIL_SLOT} and quote order ${number}.`,
    "",
    BRAND_NAME,
  ].join("\n");
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0">${line.quantity} × ${escapeHtml(line.name)}</td><td align="right" style="padding:6px 0">${formatCents(line.unitPriceCents * line.quantity)}</td></tr>`,
    )
    .join("");
  const html = layout(
    texts.thankYou,
    `<p>Order <strong>${number}</strong></p>
<table role="presentation" width="100%" style="margin:16px 0;border-collapse:collapse;color:#e6edf3">${rows}
<tr><td style="padding:10px 0;border-top:1px solid #30363d"><strong>Total charged</strong></td><td align="right" style="padding:10px 0;border-top:1px solid #30363d"><strong>${formatCents(order.amountCents)}</strong></td></tr></table>
<p style="color:#8b949e">We will let you know when your order ships. Quote order ${number} if you write to us.</p>`,
  );
  return { to: order.email, subject: `Your ${BRAND_NAME} order ${number}`, text, html };
}
