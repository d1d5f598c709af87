import { disputeTexts } from "@mx/shared/messages";
import type { Profile } from "@mx/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { profileQueryKey, useProfile } from "../../lib/current-profile";
import { formatDateTime } from "../../lib/format-date";
import { SupportEmailLink } from "../ui/support-email";
import "./restriction-notice.css";

type Restriction = NonNullable<Profile["restriction"]>;

/**
 * The signed-in player's restriction (a lost dispute, a fraud warning), as their account reads it: while it stands
 * they can neither pay by card or PayPal nor withdraw. Shown on the account page, the Withdrawal page and the payment
 * panels; nothing when the player is not restricted.
 */
export function RestrictionNotice({ className }: { className?: string }) {
  const profile = useProfile();
  const restriction = profile.data?.restriction;
  return restriction ? <RestrictionBox restriction={restriction} className={className} /> : null;
}

/** The notice itself: what is restricted, why, since when, and whom to write to. */
function RestrictionBox({ restriction, className }: { restriction: Restriction; className?: string }) {
  return (
    <section
      className={`notice restriction-notice${className ? ` ${className}` : ""}`}
      role="alert"
      aria-labelledby="restriction-title"
      data-testid="restriction-notice"
    >
      <h2 id="restriction-title" className="restriction-notice__title">
        {disputeTexts.restrictedTitle}
      </h2>
      <p>{disputeTexts.restrictedLead(restriction.reason)}</p>
      <p className="restriction-notice__since">
        {disputeTexts.restrictedSince(formatDateTime(Date.parse(restriction.since)))}
      </p>
      <p>
        {disputeTexts.contactSupport} <SupportEmailLink />.
      </p>
    </section>
  );
}

/**
 * After a refused payment or withdrawal: the account is read again, so a restriction made since the page loaded
 * shows its notice. Anything else is left alone.
 */
export function useRestrictionRecheck(): (cause: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (cause: unknown) => {
      if (cause instanceof ApiError && cause.status === 403) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }
    },
    [queryClient],
  );
}
