import { collectionTexts, errors, formats, marketTexts, texts, watchlistTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { ActivityBell } from "../../../components/activity-bell/activity-bell";
import { Button } from "../../../components/ui/button";
import { ChevronRightIcon, LogoutIcon, MapIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useBalance } from "../../../lib/earnings-balance";
import { clearSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useLogout } from "../api/logout";
import { ProfileCredits } from "../components/profile-credits";
import { profileCopy } from "../copy";
import "../profile.css";

const accountLinks = [
  { label: texts.myPropertyList, to: paths.assets },
  { label: marketTexts.market, to: paths.market },
  { label: marketTexts.portfolio, to: paths.portfolio },
  { label: watchlistTexts.title, to: paths.watchlist },
  { label: collectionTexts.title, to: paths.collections },
  { label: texts.paymentMethods, to: paths.paymentMethodsLower },
  { label: texts.withdrawalMethods, to: paths.withdrawalMethods },
  { label: texts.withdrawal, to: paths.withdrawal },
  { label: texts.shop, to: paths.shop },
  { label: texts.myBids, to: paths.bids },
  { label: texts.accountSettings, to: paths.accountSettings },
  { label: texts.legalTerms, to: paths.legal },
] as const;

function initials(fullName: string): string {
  const letters = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

export function ProfileRoute() {
  useDocumentTitle(profileCopy.title);
  const profile = useProfile();
  const earnings = useBalance();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleLogout = () => {
    logout.mutate(undefined, {
      onSettled: async () => {
        clearSession();
        await navigate(paths.login, { replace: true });
        queryClient.clear();
      },
    });
  };

  const balance = profile.isPending
    ? texts.loading
    : profile.isError
      ? texts.error
      : formatDollars(profile.data.totalPropertyPrice);

  const earningsText = earnings.isPending
    ? texts.loading
    : earnings.isError
      ? texts.error
      : formatDollars(earnings.data.availableAmount);

  return (
    <div className="profile">
      <header className="page-header">
        <a className="icon-button" href={paths.map} aria-label={profileCopy.map}>
          <MapIcon size={22} />
        </a>
        <h1 className="page-header__title">{profileCopy.title}</h1>
        <span className="profile__bell">
          <ActivityBell onNavigate={(url) => void navigate(url)} />
        </span>
      </header>

      <section className="profile-card" aria-label={profileCopy.title}>
        <div className="profile-card__identity">
          <span
            className="profile-card__avatar"
            aria-hidden="true"
            style={profile.data ? { borderColor: profile.data.buildingColor || undefined } : undefined}
          >
            {profile.data ? initials(profile.data.fullName) : ""}
          </span>
          <div className="profile-card__names">
            <p className="profile-card__name">{profile.data?.fullName ?? "\u00a0"}</p>
            <p className="profile-card__meta">{profile.data ? `@${profile.data.userName}` : "\u00a0"}</p>
            <p className="profile-card__meta">{profile.data?.email ?? "\u00a0"}</p>
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
              {earningsText}
            </dd>
          </div>
        </dl>
        <ProfileCredits />
      </section>

      <LoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
        {profile.isError ? formats.listError(errorMessage(profile.error, errors.fetchProfileFailed)) : null}
      </LoadError>

      <nav aria-label={profileCopy.accountMenu}>
        <ul className="menu-list">
          {accountLinks.map((link) => (
            <li key={link.to}>
              <Link className="menu-list__item" to={link.to}>
                <span>{link.label}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Button
        variant="secondary"
        block
        busy={logout.isPending}
        onClick={handleLogout}
        className="profile__logout"
      >
        <LogoutIcon />
        {texts.logout}
      </Button>
    </div>
  );
}
