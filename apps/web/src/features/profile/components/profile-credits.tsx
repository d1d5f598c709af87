import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { useCredits } from "../../../lib/credits";
import { formatDateTime } from "../../../lib/format-date";
import { profileCopy } from "../copy";

/** The player's offer-wall credits on Profile, with the way to the wall. */
export function ProfileCredits() {
  const credits = useCredits();
  const value = credits.isPending
    ? profileCopy.loading
    : credits.isError
      ? profileCopy.creditsError
      : formatDollars(credits.data.balance);
  return (
    <div className="profile-credits">
      <dl className="profile-credits__figure">
        <dt className="profile-card__balance-label">{profileCopy.creditsLabel}</dt>
        <dd className="profile-credits__value" aria-live="polite" data-testid="profile-credits">
          {value}
        </dd>
        {credits.data && credits.data.debt > 0 ? (
          <dd className="profile-credits__note">
            {profileCopy.creditsDebt(formatDollars(credits.data.debt))}
          </dd>
        ) : null}
        {credits.data?.usableFrom ? (
          <dd className="profile-credits__note">
            {profileCopy.creditsFrom(formatDateTime(credits.data.usableFrom))}
          </dd>
        ) : null}
      </dl>
      <Link className="profile-credits__earn" to={paths.offerwall}>
        {profileCopy.earnCredits}
      </Link>
    </div>
  );
}
