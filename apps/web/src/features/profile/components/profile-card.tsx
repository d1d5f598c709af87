import type { Profile } from "@mx/shared/schemas/auth";
import { profileCopy } from "../copy";
import { ProfileCredits } from "./profile-credits";

/** The first letters of the first two words of a name, for the avatar; "?" for none. */
function initials(fullName: string): string {
  const letters = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

interface ProfileCardProps {
  /** The player's profile, once loaded. */
  profile: Profile | undefined;
  /** The total property price, or a loading or error word. */
  balance: string;
  /** The earnings available to withdraw, or a loading or error word. */
  earnings: string;
}

/** The player's card: avatar, names and email, the balance and earnings, and the credits. */
export function ProfileCard({ profile, balance, earnings }: ProfileCardProps) {
  return (
    <section className="profile-card" aria-label={profileCopy.title}>
      <div className="profile-card__identity">
        <span
          className="profile-card__avatar"
          aria-hidden="true"
          style={profile ? { borderColor: profile.buildingColor || undefined } : undefined}
        >
          {profile ? initials(profile.fullName) : ""}
        </span>
        <div className="profile-card__names">
          <p className="profile-card__name">{profile?.fullName ?? "\u00a0"}</p>
          <p className="profile-card__meta">{profile ? `@${profile.userName}` : "\u00a0"}</p>
          <p className="profile-card__meta">{profile?.email ?? "\u00a0"}</p>
        </div>
      </div>
      <dl className="profile-card__balance">
        <div className="profile-card__figure">
          <dt className="profile-card__balance-label">{profileCopy.balanceLabel}</dt>
          <dd className="profile-card__balance-value" aria-live="polite">
            {balance}
          </dd>
        </div>
        <div className="profile-card__figure">
          <dt className="profile-card__balance-label">{profileCopy.earningsLabel}</dt>
          <dd
            className="profile-card__balance-value profile-card__balance-value--earnings"
            aria-live="polite"
          >
            {earnings}
          </dd>
        </div>
      </dl>
      <ProfileCredits />
    </section>
  );
}
