import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { RealisedSale } from "@mx/shared/schemas/market";
import { formatDay, isoOf } from "../format";
import { Gain, NumberCell, NumberHead } from "./portfolio-cells";

/** The buildings the player has sold, with what each brought and its gain, or a line saying there are none. */
export function RealisedSection({ realised }: { realised: RealisedSale[] }) {
  return (
    <section className="portfolio__section" aria-labelledby="portfolio-realised">
      <h2 id="portfolio-realised">{marketTexts.realised}</h2>
      {realised.length === 0 ? (
        <p className="portfolio__empty">{marketTexts.noRealised}</p>
      ) : (
        <div className="portfolio-table-wrap">
          <table className="portfolio-table">
            <thead>
              <tr>
                <th scope="col">{marketTexts.building}</th>
                <th scope="col">{marketTexts.soldOn}</th>
                <NumberHead>{marketTexts.lastSale}</NumberHead>
                <NumberHead>{marketTexts.proceeds}</NumberHead>
                <NumberHead>{marketTexts.cost}</NumberHead>
                <NumberHead>{marketTexts.gain}</NumberHead>
              </tr>
            </thead>
            <tbody>
              {realised.map((r) => (
                <tr key={`${r.buildingId}-${r.at}`} data-building-id={r.buildingId}>
                  <th scope="row">{r.name}</th>
                  <td data-label={marketTexts.soldOn}>
                    <time dateTime={isoOf(r.at)}>{formatDay(r.at)}</time>
                  </td>
                  <NumberCell label={marketTexts.lastSale}>{formatDollars(r.price)}</NumberCell>
                  <NumberCell label={marketTexts.proceeds}>{formatDollars(r.proceeds)}</NumberCell>
                  <NumberCell label={marketTexts.cost}>{formatDollars(r.cost)}</NumberCell>
                  <NumberCell label={marketTexts.gain}>
                    <Gain value={r.gain} />
                  </NumberCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
