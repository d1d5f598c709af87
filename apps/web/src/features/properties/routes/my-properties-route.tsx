import { DEFAULT_BUILDING_COLOR, PAGE_SIZE } from "@mx/shared/constants";
import { errors, formats, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { StatusNote } from "../../../components/ui/error-box";
import { ChevronRightIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { onboardingOutcome } from "../../../lib/pending-ask";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useMyProperties } from "../api/get-my-properties";
import { propertiesCopy } from "../copy";
import "../properties.css";

function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function MyPropertiesRoute() {
  useDocumentTitle(propertiesCopy.myPropertiesTitle);
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const list = useMyProperties(page);
  const onboarding = onboardingOutcome(params);
  const totalPages = list.data ? pageCount(list.data.totalCount, PAGE_SIZE.myProperties) : 1;

  // A page past the end (an old link, or properties sold since) shows the last page instead.
  const isPastEnd = list.data !== undefined && !list.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (isPastEnd) setParams(totalPages > 1 ? { page: String(totalPages) } : {}, { replace: true });
  }, [isPastEnd, totalPages, setParams]);

  const goToPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="my-properties">
      <PageHeader
        title={propertiesCopy.myPropertiesTitle}
        lead={<BackLink to={paths.profile} label={propertiesCopy.backToProfile} />}
      />

      <StatusNote>
        {onboarding === "connected" ? propertiesCopy.payoutsReady : null}
        {onboarding === "unfinished" ? propertiesCopy.payoutsUnfinished : null}
      </StatusNote>
      {list.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
        {list.isError ? formats.listError(errorMessage(list.error, errors.fetchPropertiesFailed)) : null}
      </LoadError>

      {list.data && list.data.properties.length === 0 ? (
        <p className="properties-empty">{texts.noProperties}</p>
      ) : null}

      {list.data && list.data.properties.length > 0 ? (
        <>
          <p className="properties-count">{propertiesCopy.propertyCount(list.data.totalCount)}</p>
          <ul className="property-list" aria-busy={list.isPlaceholderData || undefined}>
            {list.data.properties.map((property) => (
              <li key={property._id}>
                <PropertyRow property={property} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={totalPages}
            onPageChange={goToPage}
            label={propertiesCopy.pagesLabel}
            isBusy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}

function PropertyRow({ property }: { property: Property }) {
  const to = propertyDetailsUrl({
    id: property.buildingId,
    name: property.name,
    price: property.price,
    lat: property.location.lat,
    lng: property.location.lng,
  });
  return (
    <Link className="property-row" to={to}>
      <span
        className="property-dot"
        aria-hidden="true"
        style={{ backgroundColor: property.color || DEFAULT_BUILDING_COLOR }}
      />
      <span className="property-row__main">
        <span className="property-row__name">{property.name}</span>
        {property.forSale ? <span className="property-badge">{propertiesCopy.forSale}</span> : null}
      </span>
      <span className="property-row__price">{formatDollars(property.price)}</span>
      <ChevronRightIcon />
    </Link>
  );
}
