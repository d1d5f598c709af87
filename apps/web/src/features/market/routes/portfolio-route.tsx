import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { Holding } from "@mx/shared/schemas/market";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { downloadStatement } from "../api/download-statement";
import { usePortfolio } from "../api/get-portfolio";
import { formatDay, isoOf } from "../format";
import "../market.css";

const money = (n: number | null) => (n === null ? "–" : formatDollars(n));
/** An amount in or out: out with a minus sign before the dollar sign ("−$12.00"). */
const signed = (n: number) => (n < 0 ? `−${formatDollars(-n)}` : formatDollars(n));

/** A gain in green, a loss in red, with its sign spelled out for screen readers too. */
function Gain({ value }: { value: number }) {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  return (
    <span className={value > 0 ? "gain--up" : value < 0 ? "gain--down" : undefined}>
      {sign}
      {formatDollars(Math.abs(value))}
    </span>
  );
}

export function PortfolioRoute() {
  useDocumentTitle(marketTexts.portfolioTitle);
  const portfolio = usePortfolio();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const data = portfolio.data;

  const download = async (year: number) => {
    setDownloadError(null);
    setDownloading(year);
    try {
      await downloadStatement(year);
    } catch (error) {
      setDownloadError(errorMessage(error, marketTexts.downloadFailed));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="portfolio">
      <PageHeader
        title={marketTexts.portfolioTitle}
        lead={<BackLink to={paths.profile} label={marketTexts.backToProfile} />}
      >
        <Link className="btn btn--secondary btn--inline" to={paths.market}>
          {marketTexts.market}
        </Link>
      </PageHeader>

      {portfolio.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void portfolio.refetch()} isRetrying={portfolio.isFetching}>
        {portfolio.isError ? errorMessage(portfolio.error, marketTexts.loadPortfolioFailed) : null}
      </LoadError>

      {data ? (
        <>
          <section className="portfolio__section" aria-labelledby="portfolio-totals">
            <h2 id="portfolio-totals">{marketTexts.totals}</h2>
            <dl className="portfolio-totals">
              <Total label={marketTexts.holdings} id="holdings">
                {data.totals.holdings}
              </Total>
              <Total label={marketTexts.totalPaid} id="paid">
                {formatDollars(data.totals.paid)}
              </Total>
              <Total label={marketTexts.totalInvested} id="invested">
                {formatDollars(data.totals.invested)}
              </Total>
              <Total label={marketTexts.totalValue} id="value">
                {formatDollars(data.totals.value)}
              </Total>
              <Total label={marketTexts.totalUnrealised} id="unrealised">
                <Gain value={data.totals.unrealised} />
              </Total>
              <Total label={marketTexts.totalRealised} id="realised">
                <Gain value={data.totals.realised} />
              </Total>
              <Total label={marketTexts.totalFees} id="fees">
                {formatDollars(data.totals.fees)}
              </Total>
              <Total label={marketTexts.totalTax} id="tax">
                {formatDollars(data.totals.tax)}
              </Total>
              <Total label={marketTexts.totalCredits} id="credits">
                {formatDollars(data.totals.creditsSpent)}
              </Total>
              <Total label={marketTexts.totalCardPaid} id="card">
                {formatDollars(data.totals.cardPaid)}
              </Total>
            </dl>
          </section>

          <section className="portfolio__section" aria-labelledby="portfolio-holdings">
            <h2 id="portfolio-holdings">{marketTexts.holdings}</h2>
            {data.holdings.length === 0 ? (
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
                    {data.holdings.map((h) => (
                      <HoldingRow key={h.buildingId} holding={h} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="portfolio__section" aria-labelledby="portfolio-realised">
            <h2 id="portfolio-realised">{marketTexts.realised}</h2>
            {data.realised.length === 0 ? (
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
                    {data.realised.map((r) => (
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

          <section className="portfolio__section" aria-labelledby="portfolio-statements">
            <h2 id="portfolio-statements">{marketTexts.statements}</h2>
            <ErrorBox>{downloadError}</ErrorBox>
            {data.years.length === 0 ? (
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
                      {data.years.map((y) => (
                        <tr key={y.year} data-year={y.year}>
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
                              disabled={downloading !== null}
                              onClick={() => void download(y.year)}
                            >
                              {marketTexts.statementFor(y.year)}
                            </Button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

/** A column of figures, right-aligned. */
function NumberHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="portfolio-table__number">
      {children}
    </th>
  );
}

/** A figure, right-aligned; on a phone its row is a card and `label` names the figure. */
function NumberCell({ label, name, children }: { label: string; name?: string; children: ReactNode }) {
  return (
    <td className="portfolio-table__number" data-label={label} data-figure={name}>
      {children}
    </td>
  );
}

/** One of the portfolio's totals. */
function Total({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div data-total={id}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const money2 = (n: number) => formatDollars(n);
const until = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

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
