import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceChange } from "./price-change";

const day = 86_400;
const start = Date.UTC(2026, 2, 7, 12) / 1000;

describe("the price change on Property Details", () => {
  it("is the change between the first and the last sale", () => {
    render(
      <PriceChange
        history={[
          { insertDate: start, bidAmount: 100, kind: "trade" as const },
          { insertDate: start + day, bidAmount: 156, kind: "trade" as const },
        ]}
      />,
    );
    expect(screen.getByText(/\+\$56\.00 \(\+56%\)/)).toBeInTheDocument();
  });

  it("shows no change for a building sold once, whatever its asking price", () => {
    // The page shows the asking price beside it; an ask is not a sale, so nothing here moves.
    render(<PriceChange history={[{ insertDate: start, bidAmount: 100, kind: "trade" as const }]} />);
    expect(screen.getByText("$0.00", { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/%/)?.textContent ?? "").not.toMatch(/\+/);
  });

  it("says nothing without any sale", () => {
    const { container } = render(<PriceChange history={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
