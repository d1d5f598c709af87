import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { PortfolioYear } from "@mx/shared/schemas/market";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { NumberCell, NumberHead } from "./portfolio-cells";

/** An amount in or out: out with a minus sign before the dollar sign ("−$12.00"). */
const signed = (n: number) => (n < 0 ? `−${formatDollars(-n)}` : formatDollars(n));

/** The years with a statement, each with its figures and a button to download it, or a line saying there are none. */
export function StatementsSection({
  years,
  error,
  downloading,
  onDownload,
}: {
  years: PortfolioYear[];
  /** Why the last download failed, if it did. */
  error: string | null;
  /** The year being downloaded, if any: every button waits for it. */
  downloading: number | null;
  onDownload: (year: number) => void;
}) {
  return (
    <section className="portfolio__section" aria-labelledby="portfolio-statements">
      <h2 id="portfolio-statements">{marketTexts.statements}</h2>
      <ErrorBox>{error}</ErrorBox>
      {years.length === 0 ? (
        <p className="portfolio__empty">{marketTexts.noStatements}</p>
      ) : (
        <>
          <p className="portfolio__lead">{marketTexts.statementsLead}</p>
          <div className="portfolio-table-wrap">
            <table className="portfolio-table portfolio-table--years">
              <thead>
                <tr>
                  <th scope="col">{marketTexts.year}</th>
                  <NumberHead>{marketTexts.card}</NumberHead>
                  <NumberHead>{marketTexts.credits}</NumberHead>
                  <NumberHead>{marketTexts.fees}</NumberHead>
                  <NumberHead>{marketTexts.tax}</NumberHead>
                  <NumberHead>{marketTexts.earnings}</NumberHead>
                  <th scope="col">
                    <span className="visually-hidden">{marketTexts.download}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {years.map((y) => (
                  <StatementRow
                    key={y.year}
                    year={y}
                    disabled={downloading !== null}
                    onDownload={onDownload}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** One year's figures, in and out, with the button that downloads its statement. */
function StatementRow({
  year: y,
  disabled,
  onDownload,
}: {
  year: PortfolioYear;
  disabled: boolean;
  onDownload: (year: number) => void;
}) {
  return (
    <tr data-year={y.year}>
      <th scope="row">{y.year}</th>
      <NumberCell label={marketTexts.card} name="card">
        {signed(y.card)}
      </NumberCell>
      <NumberCell label={marketTexts.credits} name="credits">
        {signed(y.credits)}
      </NumberCell>
      <NumberCell label={marketTexts.fees} name="fees">
        {signed(y.fees)}
      </NumberCell>
      <NumberCell label={marketTexts.tax} name="tax">
        {signed(y.tax)}
      </NumberCell>
      <NumberCell label={marketTexts.earnings} name="earnings">
        {signed(y.earnings)}
      </NumberCell>
      <td className="portfolio-table__action">
        <Button
          variant="secondary"
          className="btn--inline"
          disabled={disabled}
          onClick={() => onDownload(y.year)}
        >
          {marketTexts.statementFor(y.year)}
        </Button>
      </td>
    </tr>
  );
}
