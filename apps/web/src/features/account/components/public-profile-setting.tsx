import { paths } from "@mx/shared/routes";
import type { Profile } from "@mx/shared/schemas/auth";
import { useId } from "react";
import { Link } from "react-router";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { useUpdateProfile } from "../api/update-profile";
import { accountCopy } from "../copy";

/**
 * Account Settings' "Public profile" section: whether other players see which buildings this player holds. Saved
 * as soon as it is ticked; the profile the server answers with is the one shown.
 */
export function PublicProfileSetting({ profile }: { profile: Profile }) {
  const titleId = useId();
  const update = useUpdateProfile();
  // While a save is on its way the box shows what was asked; after a failure, what the server still holds.
  const checked = update.isPending
    ? (update.variables?.hideHoldings ?? profile.hideHoldings)
    : profile.hideHoldings;

  return (
    <section className="public-profile-setting" aria-labelledby={titleId}>
      <h2 id={titleId} className="public-profile-setting__title">
        {accountCopy.publicProfileTitle}
      </h2>
      <p className="public-profile-setting__hint">
        {accountCopy.publicProfileHint}{" "}
        {profile.userName ? (
          <Link to={paths.player(profile.userName)}>{accountCopy.publicProfileLink}</Link>
        ) : null}
      </p>
      <CheckboxField
        name="hideHoldings"
        label={accountCopy.hideHoldings}
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ hideHoldings: event.target.checked })}
      />
      <ErrorBox>
        {update.isError ? errorMessage(update.error, accountCopy.hideHoldingsFailed) : null}
      </ErrorBox>
      <StatusNote>
        {update.isSuccess
          ? profile.hideHoldings
            ? accountCopy.holdingsHidden
            : accountCopy.holdingsShown
          : null}
      </StatusNote>
    </section>
  );
}
