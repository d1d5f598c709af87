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
import { ProfileCard } from "../components/profile-card";
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

/** The profile page: the player's card, the account menu and Log out. */
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

      <ProfileCard profile={profile.data} balance={balance} earnings={earningsText} />

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
