import { collectionTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { CollectionMember } from "@mx/shared/schemas/collections";
import { Link, useParams } from "react-router";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCollection } from "../api/get-collections";
import { Difficulty, Progress } from "../components/collection-bits";
import "../collections.css";

function MemberRow({ member }: { member: CollectionMember }) {
  const url = propertyDetailsUrl({
    id: member.buildingId,
    name: member.name,
    price: member.value,
    lat: member.location.lat,
    lng: member.location.lng,
  });
  return (
    <li className="collection-member">
      <span
        className="collection-swatch"
        style={{ background: member.ownerColor ?? "transparent" }}
        aria-hidden
      />
      <div className="collection-member__text">
        <Link className="collection-member__name" to={url}>
          {member.name}
        </Link>
        <span className="collection-member__owner">
          {member.ownerName ? collectionTexts.owner(member.ownerName) : collectionTexts.unowned}
          {member.forSale ? ` · ${collectionTexts.forSale}` : ""}
        </span>
      </div>
      <span className="collection-member__value">{formatDollars(member.value)}</span>
    </li>
  );
}

/** /collections/:id: one set, its holder, the player's progress and its buildings (each to Property Details). */
export function CollectionRoute() {
  const { id = "" } = useParams();
  const collection = useCollection(id);
  const profile = useProfile();
  const c = collection.data;
  useDocumentTitle(c?.name ?? collectionTexts.title);
  const mine = c?.holder && profile.data && c.holder.userName === profile.data.userName;
  return (
    <div className="collections">
      <PageHeader
        title={c?.name ?? collectionTexts.title}
        lead={<BackLink to={paths.collections} label={collectionTexts.backToCollections} />}
      />
      {collection.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void collection.refetch()} isRetrying={collection.isFetching}>
        {collection.isError ? errorMessage(collection.error, collectionTexts.oneFailed) : null}
      </LoadError>
      {c ? (
        <>
          <p className="collections__lead">{c.description}</p>
          <div className="collection-summary">
            <Difficulty level={c.difficulty} />
            <span>{collectionTexts.kinds[c.kind]}</span>
            <span>{collectionTexts.members(c.size)}</span>
          </div>
          <p className="collection-holder" aria-live="polite">
            {c.holder ? (
              <>
                <span className="collection-swatch" style={{ background: c.holder.color }} aria-hidden />
                {mine ? collectionTexts.youHold : collectionTexts.heldBy(c.holder.userName)}
              </>
            ) : (
              collectionTexts.unheld
            )}
          </p>
          {c.myCount !== null ? <Progress owned={c.myCount} total={c.size} /> : null}
          <h2 className="collection-members__title">{collectionTexts.membersTitle}</h2>
          <ul className="collection-members">
            {c.members.map((m) => (
              <MemberRow key={m.buildingId} member={m} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
