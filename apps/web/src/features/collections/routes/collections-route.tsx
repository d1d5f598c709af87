import { collectionTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import {
  COLLECTION_KINDS,
  type CollectionKind,
  type CollectionSummary,
} from "@mx/shared/schemas/collections";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCollections, useCollectors } from "../api/get-collections";
import { Difficulty, Progress } from "../components/collection-bits";
import "../collections.css";

function CollectionRow({ collection }: { collection: CollectionSummary }) {
  return (
    <li className="collection-row">
      <div className="collection-row__head">
        <Link className="collection-row__name" to={paths.collection(collection.id)}>
          {collection.name}
        </Link>
        <Difficulty level={collection.difficulty} />
      </div>
      <p className="collection-row__description">{collection.description}</p>
      <p className="collection-row__meta">
        <span>{collectionTexts.kinds[collection.kind]}</span>
        <span>{collectionTexts.members(collection.size)}</span>
        {collection.holder ? (
          <span className="collection-row__holder">
            <span className="collection-swatch" style={{ background: collection.holder.color }} aria-hidden />
            {collectionTexts.heldBy(collection.holder.userName)}
          </span>
        ) : (
          <span>{collectionTexts.unheld}</span>
        )}
      </p>
      {collection.myCount !== null ? <Progress owned={collection.myCount} total={collection.size} /> : null}
    </li>
  );
}

function Collectors() {
  const collectors = useCollectors();
  return (
    <section className="collectors" aria-labelledby="collectors-title">
      <h2 id="collectors-title">{collectionTexts.collectorsTitle}</h2>
      <p className="collections__lead">{collectionTexts.collectorsLead}</p>
      <LoadError onRetry={() => void collectors.refetch()} isRetrying={collectors.isFetching}>
        {collectors.isError ? errorMessage(collectors.error, collectionTexts.loadFailed) : null}
      </LoadError>
      {collectors.data?.length === 0 ? (
        <p className="collections__lead">{collectionTexts.noCollectors}</p>
      ) : null}
      {collectors.data && collectors.data.length > 0 ? (
        <ol className="collectors__rows">
          {collectors.data.map((c) => (
            <li key={c.userName} className="collectors__row">
              <span className="collectors__rank">{c.rank}</span>
              <span className="collection-swatch" style={{ background: c.color }} aria-hidden />
              <span className="collectors__name">{c.userName}</span>
              <span>{collectionTexts.held(c.held)}</span>
              <span className="collectors__value">{formatDollars(c.value)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** /collections: every set with its difficulty, holder and the player's progress; filter by kind; the collectors. */
export function CollectionsRoute() {
  useDocumentTitle(collectionTexts.title);
  const collections = useCollections();
  const [kind, setKind] = useState<CollectionKind | null>(null);
  const shown = collections.data?.filter((c) => kind === null || c.kind === kind);
  return (
    <div className="collections">
      <PageHeader
        title={collectionTexts.title}
        lead={<BackLink to={paths.profile} label={collectionTexts.backToProfile} />}
      />
      <p className="collections__lead">{collectionTexts.lead}</p>
      <Collectors />
      <fieldset className="collections__filter">
        <legend className="visually-hidden">{collectionTexts.filterLabel}</legend>
        {[null, ...COLLECTION_KINDS].map((k) => (
          <button
            key={k ?? "all"}
            type="button"
            className="collections__chip"
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {k === null ? collectionTexts.all : collectionTexts.kinds[k]}
          </button>
        ))}
      </fieldset>
      {collections.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void collections.refetch()} isRetrying={collections.isFetching}>
        {collections.isError ? errorMessage(collections.error, collectionTexts.loadFailed) : null}
      </LoadError>
      {shown ? (
        <p className="collections__count" aria-live="polite">
          {collectionTexts.count(shown.length)}
        </p>
      ) : null}
      {shown?.length === 0 ? <p className="collections__lead">{collectionTexts.empty}</p> : null}
      {shown && shown.length > 0 ? (
        <ul className="collections__rows">
          {shown.map((c) => (
            <CollectionRow key={c.id} collection={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
