import type { PaypalApi, PaypalCapture, PaypalDispute } from "@mx/processors/paypal-api";
import { type PaypalRest, restRefusal } from "./paypal-sdk-rest";
import { centsOf } from "./paypal-sdk-shapes";

type Money = { value?: string; currency_code?: string };

/** A dispute as Disputes v1 answers it (the fields we read). */
type DisputeReply = {
  dispute_id?: string;
  create_time?: string;
  reason?: string;
  status?: string;
  dispute_amount?: Money;
  dispute_outcome?: { outcome_code?: string };
  disputed_transactions?: { seller_transaction_id?: string }[];
  seller_response_due_date?: string;
  /** What moved on the seller's balance; a fee is a debit whose reason names it. */
  money_movements?: { type?: string; reason?: string; amount?: Money }[];
};

/** A capture as Payments v2 answers it. */
type CaptureReply = {
  id?: string;
  status?: string;
  amount?: Money;
  supplementary_data?: { related_ids?: { order_id?: string } };
};

function presentDispute(reply: DisputeReply): PaypalDispute {
  const fee = (reply.money_movements ?? [])
    .filter((m) => m.type === "DEBIT" && /FEE/.test(m.reason ?? ""))
    .reduce((sum, m) => sum + centsOf(m.amount?.value), 0);
  return {
    id: reply.dispute_id ?? "",
    captureId: reply.disputed_transactions?.[0]?.seller_transaction_id ?? "",
    reason: reply.reason ?? "OTHER",
    status: reply.status ?? "OTHER",
    outcome: reply.dispute_outcome?.outcome_code ?? null,
    amountCents: centsOf(reply.dispute_amount?.value),
    currency: reply.dispute_amount?.currency_code ?? "USD",
    feeCents: fee,
    sellerResponseDueDate: reply.seller_response_due_date ?? null,
    createTime: reply.create_time ?? "",
  };
}

const presentCapture = (reply: CaptureReply): PaypalCapture => ({
  id: reply.id ?? "",
  status: reply.status ?? "",
  orderId: reply.supplementary_data?.related_ids?.order_id ?? null,
  amountCents: centsOf(reply.amount?.value),
});

/** The path and query of a `next` link PayPal gives, on our own base. */
function nextPathOf(links: { rel?: string; href?: string }[] | undefined): string | null {
  const href = links?.find((link) => link.rel === "next")?.href;
  if (!href) return null;
  const url = new URL(href, "https://api-m.paypal.com");
  return `${url.pathname}${url.search}`;
}

/** PayPal's Disputes v1 and the capture read, which the server SDK does not cover: through its REST client. */
export function paypalDisputes(
  rest: PaypalRest,
): Pick<PaypalApi, "getCapture" | "getDispute" | "listDisputes" | "provideDisputeEvidence"> {
  async function getDispute(id: string): Promise<PaypalDispute> {
    const response = await rest("GET", `/v1/customer/disputes/${encodeURIComponent(id)}`);
    if (!response.ok) throw await restRefusal(response);
    return presentDispute((await response.json()) as DisputeReply);
  }

  return {
    async getCapture(id) {
      const response = await rest("GET", `/v2/payments/captures/${encodeURIComponent(id)}`);
      if (!response.ok) throw await restRefusal(response);
      return presentCapture((await response.json()) as CaptureReply);
    },

    getDispute,

    // The list gives a summary of each dispute: each is read in full, page by page, by its `next` link.
    async listDisputes({ startTime }) {
      const ids: string[] = [];
      let path: string | null =
        `/v1/customer/disputes?start_time=${encodeURIComponent(startTime.toISOString())}&page_size=50`;
      while (path) {
        const response = await rest("GET", path);
        if (!response.ok) throw await restRefusal(response);
        const page = (await response.json()) as {
          items?: { dispute_id?: string }[];
          links?: { rel?: string; href?: string }[];
        };
        for (const item of page.items ?? []) if (item.dispute_id) ids.push(item.dispute_id);
        const next = nextPathOf(page.links);
        path = next && next !== path ? next : null;
      }
      const disputes = await Promise.all(ids.map(getDispute));
      return disputes.sort((a, b) => a.createTime.localeCompare(b.createTime));
    },

    // PayPal's provide-evidence takes JSON when no document is attached: the note as evidence of type OTHER.
    async provideDisputeEvidence({ id, note }) {
      const response = await rest(
        "POST",
        `/v1/customer/disputes/${encodeURIComponent(id)}/provide-evidence`,
        {
          body: { evidences: [{ evidence_type: "OTHER", notes: note }] },
        },
      );
      if (!response.ok) throw await restRefusal(response);
    },
  };
}
