import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceHistoryChart } from "./price-history-chart";

const day = 86_400;
const start = Date.UTC(2026, 2, 7, 12) / 1000;

describe("the price history on Property Details", () => {
  it("marks a development's rise in value as no sale, in the legend and the table", () => {
    render(
      <PriceHistoryChart
        points={[
          { insertDate: start, bidAmount: 1_000, kind: "trade" },
          { insertDate: start + day, bidAmount: 1_100, kind: "development" },
        ]}
      />,
    );
    expect(
      screen.getByText("Development finished: the value rose by its cost (not a sale)"),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
      "Sale",
      "Development: the value rose, no sale",
    ]);
  });

  it("shows no legend when every point is a sale", () => {
    render(<PriceHistoryChart points={[{ insertDate: start, bidAmount: 1_000, kind: "trade" }]} />);
    expect(screen.queryByText(/Development finished/)).not.toBeInTheDocument();
  });
});
