import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ClearingProceeds, timeUntil } from "./clearing-proceeds";

const HOUR = 3_600_000;
const balance = (clearing: { amount: number; building: string | null; clearsAt: string }[]) => ({
  availableAmount: 0,
  availableCents: 0,
  pendingAmount: 0,
  currency: "usd",
  instantPayoutFee: 1,
  clearingAmount: clearing.reduce((sum, row) => sum + row.amount, 0),
  clearingCents: Math.round(clearing.reduce((sum, row) => sum + row.amount, 0) * 100),
  clearing: clearing.map((row) => ({
    ...row,
    amountCents: Math.round(row.amount * 100),
    buildingId: row.building ? "way/1" : null,
  })),
});

describe("the proceeds still clearing", () => {
  it("say when each becomes available, as a time from now", () => {
    const now = Date.parse("2026-03-07T12:00:00Z");
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(timeUntil(at(72 * HOUR), now)).toBe("in 3 days");
    expect(timeUntil(at(47 * HOUR), now)).toBe("in 47 hours");
    expect(timeUntil(at(20 * 60_000), now)).toBe("in 20 minutes");
    expect(timeUntil(at(10_000), now)).toBe("any moment now");
    expect(timeUntil(at(-HOUR), now)).toBe("any moment now");
  });

  it("list each sale in a table with headers, its amount and its exact time in a tooltip", () => {
    const clearsAt = new Date(Date.now() + 72 * HOUR).toISOString();
    render(<ClearingProceeds balance={balance([{ amount: 1190, building: "Test Tower", clearsAt }])} />);
    const region = screen.getByRole("region", { name: "Clearing" });
    expect(within(region).getByTestId("clearing-balance").textContent).toBe("$1,190.00");
    const table = within(region).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Sale", "Amount", "Available to withdraw"]);
    const cells = within(table).getAllByRole("cell");
    expect(cells[0]?.textContent).toBe("Test Tower");
    expect(cells[1]?.textContent).toBe("$1,190.00");
    const time = cells[2]?.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe(clearsAt);
    expect(time?.textContent).toBe("in 3 days");
    expect(cells[2]?.textContent).toContain(`at ${time?.getAttribute("title")}`);
  });

  it("say so when nothing is clearing", () => {
    render(<ClearingProceeds balance={balance([])} />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(
      screen.getByText("Nothing is clearing: the proceeds of your sales are all in your available balance."),
    ).toBeTruthy();
  });
});
