import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
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
              <div>
                <dt>{marketTexts.holdings}</dt>
                <dd>{data.totals.holdings}</dd>
              </div>
              <div>
                <dt>{marketTexts.totalPaid}</dt>
                <dd>{formatDollars(data.totals.paid)}</dd>
              </div>
              <div>
                <dt>{marketTexts.totalValue}</dt>
                <dd>{formatDollars(data.totals.value)}</dd>
              </div>
              <div>
                <dt>{marketTexts.totalUnrealised}</dt>
                <dd>
                  <Gain value={data.totals.unrealised} />
                </dd>
              </div>
              <div>
                <dt>{marketTexts.totalRealised}</dt>
                <dd>
                  <Gain value={data.totals.realised} />
                </dd>
              </div>
              <div>
                <dt>{marketTexts.totalFees}</dt>
                <dd>{formatDollars(data.totals.fees)}</dd>
              </div>
              <div>
                <dt>{marketTexts.totalTax}</dt>
                <dd>{formatDollars(data.totals.tax)}</dd>
              </div>
              <div>
                <dt>{marketTexts.totalCredits}</dt>
                <dd>{formatDollars(data.totals.creditsSpent)}</dd>
              </div>
            </dl>
          </section>

          <section className="portfolio__section" aria-labelledby="portfolio-holdings">
            <h2 id="portfolio-holdings">{marketTexts.holdings}</h2>
            {data.holdings.length === 0 ? (
              <p className="portfolio__empty">{marketTexts.noHoldings}</p>
            ) : (
              <div className="portfolio-table-wrap">
                <table className="portfolio-table">
                  <thead>
                    <tr>
                      <th scope="col">{marketTexts.building}</th>
                      <NumberHead>{marketTexts.price}</NumberHead>
                      <NumberHead>{marketTexts.paid}</NumberHead>
                      <NumberHead>{marketTexts.ask}</NumberHead>
                      <NumberHead>{marketTexts.bestBid}</NumberHead>
                      <NumberHead>{marketTexts.netAtAsk}</NumberHead>
                      <NumberHead>{marketTexts.netAtBestBid}</NumberHead>
                      <NumberHead>{marketTexts.unrealised}</NumberHead>
                    </tr>
                  </thead>
                  <tbody>
                    {data.holdings.map((h) => (
                      <tr key={h.buildingId} data-building-id={h.buildingId}>
                        <th scope="row">
                          <Link
                            to={propertyDetailsUrl({
                              id: h.buildingId,
                              name: h.name,
                              price: h.ask ?? h.price,
                              lat: h.location.lat,
                              lng: h.location.lng,
                            })}
                          >
                            {h.name}
                          </Link>
                        </th>
                        <NumberCell label={marketTexts.price}>{money(h.price)}</NumberCell>
                        <NumberCell label={marketTexts.paid}>{money(h.paid)}</NumberCell>
                        <NumberCell label={marketTexts.ask}>{money(h.ask)}</NumberCell>
                        <NumberCell label={marketTexts.bestBid}>{money(h.bestBid)}</NumberCell>
                        <NumberCell label={marketTexts.netAtAsk}>{money(h.netIfSoldAtAsk)}</NumberCell>
                        <NumberCell label={marketTexts.netAtBestBid}>
                          {money(h.netIfBestBidAccepted)}
                        </NumberCell>
                        <NumberCell label={marketTexts.unrealised}>
                          <Gain value={h.unrealised} />
                        </NumberCell>
                      </tr>
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
            {data.activeYears.length === 0 ? (
              <p className="portfolio__empty">{marketTexts.noStatements}</p>
            ) : (
              <ul className="portfolio-statements">
                {data.activeYears.map((year) => (
                  <li key={year}>
                    <Button
                      variant="secondary"
                      className="btn--inline"
                      disabled={downloading !== null}
                      onClick={() => void download(year)}
                    >
                      {marketTexts.statementFor(year)}
                    </Button>
                  </li>
                ))}
              </ul>
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
function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="portfolio-table__number" data-label={label}>
      {children}
    </td>
  );
}
