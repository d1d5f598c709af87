import { errors, formats, texts } from "@mx/shared/messages";
import { lazy, Suspense } from "react";
import { ErrorBox } from "../../../components/ui/error-box";
import { ApiError } from "../../../lib/api-client";
import type { usePriceHistory } from "../api/get-price-history";
import { propertiesCopy } from "../copy";

// Recharts is large and only this page draws a chart: it loads with the first chart.
const PriceHistoryChart = lazy(() =>
  import("./price-history-chart").then((module) => ({ default: module.PriceHistoryChart })),
);

/** The words for a price history that could not be read: the status when the server answered. */
function historyErrorText(error: unknown): string {
  return error instanceof ApiError && error.status > 0
    ? formats.apiError(error.status)
    : errors.loadPriceHistoryFailed;
}

/** Property Details' 'Price History': the chart, or why there is none. */
export function PriceHistorySection({
  id,
  history,
}: {
  id: string;
  history: ReturnType<typeof usePriceHistory>;
}) {
  return (
    <section className="property-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title" className="property-history__title">
        {propertiesCopy.priceHistory}
      </h2>
      <PriceHistory id={id} history={history} />
    </section>
  );
}

/** While the history or the chart's code loads. */
function HistoryLoading() {
  return (
    <p className="property-history__note" role="status">
      {texts.loading}
    </p>
  );
}

/** The chart of the building's prices, or a note: no data, loading, or the error. */
function PriceHistory({ id, history }: { id: string; history: ReturnType<typeof usePriceHistory> }) {
  if (!id) return <p className="property-history__note">{texts.noData}</p>;
  if (history.isPending) return <HistoryLoading />;
  if (history.isError) return <ErrorBox>{historyErrorText(history.error)}</ErrorBox>;
  if (history.data.length === 0) return <p className="property-history__note">{texts.noData}</p>;
  return (
    <Suspense fallback={<HistoryLoading />}>
      <PriceHistoryChart points={history.data} />
    </Suspense>
  );
}
