import type { OpsDispute } from "@mx/shared/schemas/ops";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DisputeTable, dueMarker } from "./dispute-table";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const HOUR = 3_600_000;

function dispute(change: Partial<OpsDispute> = {}): OpsDispute {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    processor: "sandbox",
    processorId: "dp_1",
    paymentIntentId: "pi_1",
    subject: "purchase",
    subjectId: "p1",
    buildingId: "way/1",
    payerId: null,
    payerName: "ada",
    amountCents: 500_899,
    feeCents: 1_500,
    currency: "usd",
    reason: "product_not_received",
    state: "needs_response",
    evidenceDueBy: new Date(NOW + 3 * 24 * HOUR + HOUR).toISOString(),
    evidenceText: null,
    evidenceSubmittedAt: null,
    fundsWithdrawn: true,
    clawedBackCents: 0,
    returnedToGame: null,
    createdAt: new Date(NOW - HOUR).toISOString(),
    closedAt: null,
    ...change,
  };
}

describe("a dispute's evidence date", () => {
  it("is marked by how near it is, while evidence is still owed", () => {
    const at = (hours: number) => ({ evidenceDueBy: new Date(NOW + hours * HOUR).toISOString() });
    expect(dueMarker(dispute(at(3 * 24 + 1)), NOW)).toEqual({ text: "due in 3 days", tone: "soon" });
    expect(dueMarker(dispute(at(30)), NOW)).toEqual({ text: "due in 1 day", tone: "soon" });
    expect(dueMarker(dispute(at(5)), NOW)).toEqual({ text: "due today", tone: "soon" });
    expect(dueMarker(dispute(at(-1)), NOW)).toEqual({ text: "overdue", tone: "late" });
    expect(dueMarker(dispute(at(9 * 24)), NOW)).toEqual({ text: "due in 9 days", tone: "calm" });
    expect(dueMarker(dispute({ evidenceSubmittedAt: new Date(NOW).toISOString() }), NOW)).toBeNull();
    expect(dueMarker(dispute({ state: "won" }), NOW)).toBeNull();
  });

  it("offers evidence only where it is owed, with the state in words", () => {
    render(
      <DisputeTable
        caption="Open disputes"
        disputes={[dispute(), dispute({ id: "2", state: "under_review", payerName: "bea" })]}
        onEvidence={() => {}}
      />,
    );
    const table = screen.getByRole("table", { name: "Open disputes" });
    expect(within(table).getAllByRole("button", { name: "Give evidence" })).toHaveLength(1);
    expect(within(table).getByText("Needs response")).toBeTruthy();
    expect(within(table).getByText("Under review")).toBeTruthy();
    expect(within(table).getAllByText("product not received")).toHaveLength(2);
  });
});
