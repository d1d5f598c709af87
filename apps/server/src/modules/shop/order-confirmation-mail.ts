import { BRAND_NAME, SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { formatShippingAddress, shippingTexts } from "@mx/shared/shop-shipping";
import type { OrderShipping, ShopLine } from "../../db/schema/shop";
import type { Mail } from "../mail/mailer";
import { escapeHtml, layout } from "../mail/templates";

/** The short order number a customer quotes to support: the first 8 characters of the order id. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

export type MailedOrder = {
  id: string;
  email: string;
  amountCents: number;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  shipping: OrderShipping | null;
  lines: ShopLine[];
};

const cell = "padding:6px 0";
const totalCell = "padding:10px 0;border-top:1px solid #30363d";

/** The label line of the address and rate: "Ada Shopper, 1 Main St, Albany, NY 12207 (Standard shipping)". */
function shipTo(shipping: OrderShipping): string {
  const rate = shipping.rateName ? ` (${shipping.rateName})` : "";
  return `${formatShippingAddress(shipping.address)}${rate}`;
}

/** Subtotal, shipping, tax and total: the same four lines the payment form showed. */
function totals(order: MailedOrder): [string, number][] {
  return [
    [shippingTexts.subtotal, order.subtotalCents],
    [shippingTexts.shipping, order.shippingCents],
    [shippingTexts.tax, order.taxCents],
  ];
}

/** The confirmation of a paid shop order: every line, where it goes, the totals charged and who to ask. */
export function orderConfirmationMail(order: MailedOrder): Mail {
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
    ...totals(order).map(([label, cents]) => `${label}: ${formatCents(cents)}`),
    `Total charged: ${formatCents(order.amountCents)}`,
    "",
    ...(order.shipping ? [`Ship to: ${shipTo(order.shipping)}`, ""] : []),
    "We will let you know when your order ships.",
    `Questions? Write to ${SUPPORT_EMAIL_SLOT} and quote order ${number}.`,
    "",
    BRAND_NAME,
  ].join("\n");
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.name)}</td><td align="right" style="${cell}">${formatCents(line.unitPriceCents * line.quantity)}</td></tr>`,
    )
    .join("");
  const totalRows = totals(order)
    .map(
      ([label, cents], index) =>
        `<tr><td style="${index === 0 ? totalCell : cell}">${escapeHtml(label)}</td><td align="right" style="${index === 0 ? totalCell : cell}">${formatCents(cents)}</td></tr>`,
    )
    .join("");
  const address = order.shipping
    ? `<p><strong>Ship to</strong><br>${escapeHtml(shipTo(order.shipping))}</p>`
    : "";
  const html = layout(
    texts.thankYou,
    `<p>Order <strong>${number}</strong></p>
<table role="presentation" width="100%" style="margin:16px 0;border-collapse:collapse;color:#e6edf3">${rows}${totalRows}
<tr><td style="${totalCell}"><strong>Total charged</strong></td><td align="right" style="${totalCell}"><strong>${formatCents(order.amountCents)}</strong></td></tr></table>
${address}
<p style="color:#8b949e">We will let you know when your order ships. Quote order ${number} if you write to us.</p>`,
  );
  return { to: order.email, subject: `Your ${BRAND_NAME} order ${number}`, text, html };
}

/** The notice that an order has left: the carrier, the tracking number, where it goes and what is in it. */
export function orderShippedMail(order: MailedOrder & { carrier: string; trackingNumber: string }): Mail {
  const number = orderNumber(order.id);
  const what = order.lines.map((line) => `${line.quantity} × ${line.name}`);
  const text = [
    shippingTexts.shippedTitle,
    "",
    `Order ${number} has shipped with ${order.carrier}.`,
    `Tracking number: ${order.trackingNumber}`,
    "",
    ...what,
    "",
    ...(order.shipping ? [`Ship to: ${shipTo(order.shipping)}`, ""] : []),
    `Questions? Write to ${SUPPORT_EMAIL_SLOT} and quote order ${number}.`,
    "",
    BRAND_NAME,
  ].join("\n");
  const html = layout(
    shippingTexts.shippedTitle,
    `<p>Order <strong>${number}</strong> has shipped with ${escapeHtml(order.carrier)}.</p>
<p>Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>
<p>${what.map(escapeHtml).join("<br>")}</p>
${order.shipping ? `<p><strong>Ship to</strong><br>${escapeHtml(shipTo(order.shipping))}</p>` : ""}
<p style="color:#8b949e">Quote order ${number} if you write to us.</p>`,
  );
  return {
    to: order.email,
    subject: shippingTexts.shippedSubject(BRAND_NAME, number),
    text,
    html,
  };
}
