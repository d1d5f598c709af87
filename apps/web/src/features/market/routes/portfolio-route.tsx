import { marketTexts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { usePortfolio } from "../api/get-portfolio";
import { HoldingsSection } from "../components/holdings-table";
import { PortfolioTotals } from "../components/portfolio-totals";
import { RealisedSection } from "../components/realised-table";
import { StatementsSection } from "../components/statements-table";
import { useStatementDownload } from "./use-statement-download";
import "../market.css";

export function PortfolioRoute() {
  useDocumentTitle(marketTexts.portfolioTitle);
  const portfolio = usePortfolio();
  const { download, downloading, downloadError } = useStatementDownload();
  const data = portfolio.data;

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
          <PortfolioTotals totals={data.totals} />
          <HoldingsSection holdings={data.holdings} />
          <RealisedSection realised={data.realised} />
          <StatementsSection
            years={data.years}
            error={downloadError}
            downloading={downloading}
            onDownload={(year) => void download(year)}
          />
        </>
      ) : null}
    </div>
  );
}
