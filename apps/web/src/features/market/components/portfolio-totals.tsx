import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { PortfolioData } from "@mx/shared/schemas/market";
import { Gain, Total } from "./portfolio-cells";

/** The portfolio's totals: holdings, what was paid and invested, what it is worth, gains, fees, tax and how it was paid. */
export function PortfolioTotals({ totals }: { totals: PortfolioData["totals"] }) {
  return (
    <section className="portfolio__section" aria-labelledby="portfolio-totals">
      <h2 id="portfolio-totals">{marketTexts.totals}</h2>
      <dl className="portfolio-totals">
        <Total label={marketTexts.holdings} id="holdings">
          {totals.holdings}
        </Total>
        <Total label={marketTexts.totalPaid} id="paid">
          {formatDollars(totals.paid)}
        </Total>
        <Total label={marketTexts.totalInvested} id="invested">
          {formatDollars(totals.invested)}
        </Total>
        <Total label={marketTexts.totalValue} id="value">
          {formatDollars(totals.value)}
        </Total>
        <Total label={marketTexts.totalUnrealised} id="unrealised">
          <Gain value={totals.unrealised} />
        </Total>
        <Total label={marketTexts.totalRealised} id="realised">
          <Gain value={totals.realised} />
        </Total>
        <Total label={marketTexts.totalFees} id="fees">
          {formatDollars(totals.fees)}
        </Total>
        <Total label={marketTexts.totalTax} id="tax">
          {formatDollars(totals.tax)}
        </Total>
        <Total label={marketTexts.totalCredits} id="credits">
          {formatDollars(totals.creditsSpent)}
        </Total>
        <Total label={marketTexts.totalCardPaid} id="card">
          {formatDollars(totals.cardPaid)}
        </Total>
      </dl>
    </section>
  );
}
