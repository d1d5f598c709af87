import { paths } from "@mx/shared/routes";
import { lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { AccountSettingsRoute } from "../features/account/routes/account-settings-route";
import { AuthRoute } from "../features/auth/routes/auth-route";
import { ForgotPasswordRoute } from "../features/auth/routes/forgot-password-route";
import { ResetPasswordRoute } from "../features/auth/routes/reset-password-route";
import { BidReviewRoute } from "../features/bids/routes/bid-review-route";
import { MyBidsRoute } from "../features/bids/routes/my-bids-route";
import { AddCardRoute } from "../features/cards/routes/add-card-route";
import { PaymentMethodsRoute } from "../features/cards/routes/payment-methods-route";
import { LandingRoute } from "../features/landing/routes/landing-route";
import { LeaderboardRoute } from "../features/leaderboard/routes/leaderboard-route";
import { LegalListRoute } from "../features/legal/routes/legal-list-route";
import { LegalRoute } from "../features/legal/routes/legal-route";
import { PortfolioRoute } from "../features/market/routes/portfolio-route";
import { OfferwallRoute } from "../features/offerwall/routes/offerwall-route";
import { AddPayoutCardRoute } from "../features/payouts/routes/add-payout-card-route";
import { WithdrawalMethodsRoute } from "../features/payouts/routes/withdrawal-methods-route";
import { WithdrawalsRoute } from "../features/payouts/routes/withdrawals-route";
import { ProfileRoute } from "../features/profile/routes/profile-route";
import { DevelopReviewRoute } from "../features/purchase/routes/develop-review-route";
import { OrderReviewRoute } from "../features/purchase/routes/order-review-route";
import { SellReviewRoute } from "../features/sale/routes/sell-review-route";
import { ShopLayout } from "../features/shop/components/shop-layout";
import { CheckoutRoute } from "../features/shop/routes/checkout-route";
import { ProductRoute } from "../features/shop/routes/product-route";
import { ReturnRoute } from "../features/shop/routes/return-route";
import { ShopRoute } from "../features/shop/routes/shop-route";
import { webPaths } from "../lib/web-paths";
import { AccountLayout } from "./account-layout";
import { AssetsRoute, assetsLoader } from "./assets-route";
import { landingGuard, signedInOnly, signedOutOnly, unknownPathGuard } from "./guards";
import { MarketPage } from "./market-page";
import { PropertyDetailsPage } from "./property-details-page";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { SiteLayout } from "./site-layout";

// The operator console is its own chunk: players never load it.
const OpsConsole = lazy(() => import("../ops/ops-console"));
// The watchlist page is its own chunk, loaded when first opened.
const WatchlistRoute = lazy(() =>
  import("../features/watchlist/routes/watchlist-route").then((module) => ({
    default: module.WatchlistRoute,
  })),
);

// A player's public profile is its own chunk, loaded when first opened.
const PlayerRoute = lazy(() =>
  import("../features/players/routes/player-route").then((module) => ({ default: module.PlayerRoute })),
);
// The collections pages: their own chunk.
const CollectionsRoute = lazy(() =>
  import("../features/collections/routes/collections-route").then((module) => ({
    default: module.CollectionsRoute,
  })),
);
const CollectionRoute = lazy(() =>
  import("../features/collections/routes/collection-route").then((module) => ({
    default: module.CollectionRoute,
  })),
);

/**
 * Routes open in both session states: the legal pages, the shop, checkout and the return page
 * (docs/decisions/0005-two-session-states.md). Later work adds them here; no guard runs in front of them.
 */
const publicRoutes: RouteObject[] = [
  // One legal page, opened at the route's document. Matching ignores case, so /EULA lands here too.
  { path: paths.privacy, element: <LegalRoute page="privacy" /> },
  { path: paths.terms, element: <LegalRoute page="terms" /> },
  { path: paths.eula, element: <LegalRoute page="eula" /> },
  { path: paths.disclaimer, element: <LegalRoute page="disclaimer" /> },
  // The shop: catalogue, product, checkout and the payment form's return page, under the shop's own header.
  {
    element: <ShopLayout />,
    children: [
      { path: paths.shop, element: <ShopRoute /> },
      { path: paths.product(":id"), element: <ProductRoute /> },
      { path: paths.checkout, element: <CheckoutRoute /> },
      { path: paths.return, element: <ReturnRoute /> },
    ],
  },
  // A player's public profile, in the account pages' column: reached from names on the leaderboard, the market and
  // Property Details, and by a shared link signed out.
  {
    element: <AccountLayout />,
    children: [
      {
        path: paths.player(":userName"),
        element: (
          <Suspense fallback={<PageSpinner />}>
            <PlayerRoute />
          </Suspense>
        ),
      },
    ],
  },
];

/** Signed out only: a signed-in player is sent to / (and from there to the map). */
const signedOutRoutes: RouteObject[] = [
  { path: paths.login, element: <AuthRoute mode="login" /> },
  { path: paths.signup, element: <AuthRoute mode="signup" /> },
  { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
  { path: paths.resetPassword, element: <ResetPasswordRoute /> },
];

/** Signed in only: a signed-out visitor is sent to /login. */
const signedInRoutes: RouteObject[] = [
  { path: paths.profile, element: <ProfileRoute /> },
  { path: paths.accountSettings, element: <AccountSettingsRoute /> },
  // The route table's /Payment-Methods, and /payment-methods, where Profile links.
  { path: paths.paymentMethods, element: <PaymentMethodsRoute /> },
  { path: paths.paymentMethodsLower, element: <PaymentMethodsRoute /> },
  { path: paths.addCard, element: <AddCardRoute /> },
  { path: paths.withdrawalMethods, element: <WithdrawalMethodsRoute /> },
  { path: paths.addPayoutCard, element: <AddPayoutCardRoute /> },
  { path: paths.withdrawal, element: <WithdrawalsRoute /> },
  { path: paths.propertyDetails, element: <PropertyDetailsPage /> },
  { path: paths.orderReview, element: <OrderReviewRoute /> },
  { path: webPaths.developReview, element: <DevelopReviewRoute /> },
  { path: paths.sellReview, element: <SellReviewRoute /> },
  { path: paths.bidReview, element: <BidReviewRoute /> },
  { path: paths.assets, loader: assetsLoader, element: <AssetsRoute /> },
  { path: paths.leaderboard, element: <LeaderboardRoute /> },
  { path: paths.legal, element: <LegalListRoute /> },
  { path: paths.bids, element: <MyBidsRoute /> },
  { path: paths.offerwall, element: <OfferwallRoute /> },
  { path: paths.market, element: <MarketPage /> },
  { path: paths.portfolio, element: <PortfolioRoute /> },
  {
    path: paths.watchlist,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <WatchlistRoute />
      </Suspense>
    ),
  },
  {
    path: paths.collections,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <CollectionsRoute />
      </Suspense>
    ),
  },
  {
    path: `${paths.collections}/:id`,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <CollectionRoute />
      </Suspense>
    ),
  },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...publicRoutes,
      {
        // The landing page and the login screen share the site menu.
        element: <SiteLayout />,
        children: [
          { index: true, loader: landingGuard, element: <LandingRoute /> },
          { loader: signedOutOnly, children: signedOutRoutes },
        ],
      },
      { loader: signedInOnly, element: <AccountLayout />, children: signedInRoutes },
      {
        loader: signedInOnly,
        children: [
          {
            path: `${paths.ops}/*`,
            element: (
              <Suspense fallback={<PageSpinner />}>
                <OpsConsole />
              </Suspense>
            ),
          },
        ],
      },
      { path: "*", loader: unknownPathGuard, element: <PageSpinner /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
