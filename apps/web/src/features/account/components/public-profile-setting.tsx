import { paths } from "@mx/shared/routes";
import type { Profile } from "@mx/shared/schemas/auth";
import { useId, useState } from "react";
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
  // While a save is on its way the box shows what was asked, from the click itself (the mutation's own pending
  // state arrives a moment later, and the box would flick back until then); once it settles, what the server holds.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? profile.hideHoldings;
  const save = (hideHoldings: boolean) => {
    setAsked(hideHoldings);
    update.mutate({ hideHoldings }, { onSettled: () => setAsked(null) });
  };

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
        onChange={(event) => save(event.target.checked)}
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
