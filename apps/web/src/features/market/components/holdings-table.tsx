import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { propertyDetailsUrl } from "@mx/shared/routes";
import type { Holding } from "@mx/shared/schemas/market";
import { Link } from "react-router";
import { Gain, NumberCell, NumberHead } from "./portfolio-cells";

const money = (n: number | null) => (n === null ? "–" : formatDollars(n));
const money2 = (n: number) => formatDollars(n);
const until = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** The buildings the player holds, as a table, or a line saying there are none. */
export function HoldingsSection({ holdings }: { holdings: Holding[] }) {
  return (
    <section className="portfolio__section" aria-labelledby="portfolio-holdings">
      <h2 id="portfolio-holdings">{marketTexts.holdings}</h2>
      {holdings.length === 0 ? (
        <p className="portfolio__empty">{marketTexts.noHoldings}</p>
      ) : (
        <div className="portfolio-table-wrap">
          <table className="portfolio-table portfolio-table--holdings">
            <thead>
              <tr>
                <th scope="col">{marketTexts.building}</th>
                <NumberHead>{marketTexts.costToBuy}</NumberHead>
                <NumberHead>{marketTexts.invested}</NumberHead>
                <NumberHead>{marketTexts.paid}</NumberHead>
                <NumberHead>{marketTexts.worth}</NumberHead>
                <NumberHead>{marketTexts.ask}</NumberHead>
                <NumberHead>{marketTexts.bestBid}</NumberHead>
                <NumberHead>{marketTexts.netAtAsk}</NumberHead>
                <NumberHead>{marketTexts.netAtBestBid}</NumberHead>
                <NumberHead>{marketTexts.unrealised}</NumberHead>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => (
                <HoldingRow key={h.buildingId} holding={h} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A holding: what it cost to buy, what was invested, what it is worth and what a sale would bring, with a line under
 * it for its purchase (price, fee, tax) and each development paid for, constructions under way included.
 */
function HoldingRow({ holding: h }: { holding: Holding }) {
  const details = [
    h.purchase
      ? `${marketTexts.costToBuy}: ${marketTexts.costLine(money2(h.purchase.price), money2(h.purchase.fee), money2(h.purchase.tax))}${
          h.purchase.credits > 0 ? ` (${marketTexts.creditsLine(money2(h.purchase.credits))})` : ""
        }`
      : marketTexts.noPurchase,
    ...h.developments.map(
      (d) =>
        `${marketTexts.developmentLine(d.name, d.level)}: ${marketTexts.costLine(money2(d.cost), money2(d.fee), money2(d.tax))}${
          d.credits > 0 ? ` (${marketTexts.creditsLine(money2(d.credits))})` : ""
        }${d.constructing && d.completesAt ? ` · ${marketTexts.underConstruction(until.format(new Date(d.completesAt * 1000)))}` : ""}`,
    ),
  ];
  return (
    <tr data-building-id={h.buildingId}>
      <th scope="row">
        <Link
          to={propertyDetailsUrl({
            id: h.buildingId,
            name: h.name,
            price: h.ask ?? h.value,
            lat: h.location.lat,
            lng: h.location.lng,
          })}
        >
          {h.name}
        </Link>
        <ul className="portfolio-holding__lines">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </th>
      <NumberCell label={marketTexts.costToBuy} name="cost">
        {money(h.purchase?.total ?? null)}
      </NumberCell>
      <NumberCell label={marketTexts.invested} name="invested">
        {money(h.invested)}
      </NumberCell>
      <NumberCell label={marketTexts.paid} name="paid">
        {money(h.paid)}
      </NumberCell>
      <NumberCell label={marketTexts.worth} name="worth">
        {money(h.value)}
      </NumberCell>
      <NumberCell label={marketTexts.ask} name="ask">
        {money(h.ask)}
      </NumberCell>
      <NumberCell label={marketTexts.bestBid} name="best-bid">
        {money(h.bestBid)}
      </NumberCell>
      <NumberCell label={marketTexts.netAtAsk} name="net-at-ask">
        {money(h.netIfSoldAtAsk)}
      </NumberCell>
      <NumberCell label={marketTexts.netAtBestBid} name="net-at-best-bid">
        {money(h.netIfBestBidAccepted)}
      </NumberCell>
      <NumberCell label={marketTexts.unrealised} name="unrealised">
        <Gain value={h.unrealised} />
      </NumberCell>
    </tr>
  );
}
