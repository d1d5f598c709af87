import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceChange } from "./price-change";

const day = 86_400;
const start = Date.UTC(2026, 2, 7, 12) / 1000;

describe("the price change on Property Details", () => {
  it("says the value's change is measured from the first recorded price", () => {
    render(
      <PriceChange
        history={[
          { insertDate: start, bidAmount: 100, kind: "trade" as const },
          { insertDate: start + day, bidAmount: 156, kind: "trade" as const },
        ]}
      />,
    );
    expect(screen.getByTestId("value-change")).toHaveTextContent(
      "▲ Value up $56.00 (56%) since its first recorded price, $100.00 on Mar 7",
    );
  });

  it("shows no change for a building sold once, whatever its asking price", () => {
    // An ask is not a sale: the value line stays flat, and the ask is compared with the value on its own line.
    render(
      <PriceChange
        history={[{ insertDate: start, bidAmount: 5000, kind: "trade" as const }]}
        listing={{ ask: 7000, value: 5000 }}
      />,
    );
    expect(screen.getByTestId("value-change")).toHaveTextContent(
      "Value unchanged since its first recorded price, $5,000.00 on Mar 7",
    );
    expect(screen.getByTestId("ask-against-value")).toHaveTextContent(
      "▲ Asking $2,000.00 (40%) above its value of $5,000.00",
    );
  });

  it("says when the ask is below the value", () => {
    render(<PriceChange history={[]} listing={{ ask: 4500, value: 5675 }} />);
    expect(screen.getByTestId("ask-against-value")).toHaveTextContent(
      "▼ Asking $1,175.00 (20.7%) below its value of $5,675.00",
    );
  });

  it("says nothing without any sale or listing", () => {
    const { container } = render(<PriceChange history={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
