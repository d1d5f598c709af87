import { paths } from "@mx/shared/routes";
import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { AuthRoute } from "../features/auth/routes/auth-route";
import { LandingRoute } from "../features/landing/routes/landing-route";
import { ShopLayout } from "../features/shop/components/shop-layout";
import { ShopRoute } from "../features/shop/routes/shop-route";
import { webPaths } from "../lib/web-paths";
import { AccountLayout } from "./account-layout";
import { landingGuard, signedInOnly, signedOutOnly, unknownPathGuard } from "./guards";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { SiteLayout } from "./site-layout";

/**
 * A page in a chunk of its own, fetched when first opened, with the spinner meanwhile. The public pages a visitor
 * lands on (the landing page, sign-in and the shop's catalogue) are in the first load; everything else (the
 * signed-in app, the payment forms, the legal texts, the operator console) is fetched only by those who open it.
 */
function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const ForgotPasswordRoute = lazyPage(() =>
  import("../features/auth/routes/forgot-password-route").then((module) => module.ForgotPasswordRoute),
);
const ResetPasswordRoute = lazyPage(() =>
  import("../features/auth/routes/reset-password-route").then((module) => module.ResetPasswordRoute),
);
const LegalRoute = lazyPage(() =>
  import("../features/legal/routes/legal-route").then((module) => module.LegalRoute),
);
const LegalListRoute = lazyPage(() =>
  import("../features/legal/routes/legal-list-route").then((module) => module.LegalListRoute),
);
const ProductRoute = lazyPage(() =>
  import("../features/shop/routes/product-route").then((module) => module.ProductRoute),
);
const CheckoutRoute = lazyPage(() =>
  import("../features/shop/routes/checkout-route").then((module) => module.CheckoutRoute),
);
const ReturnRoute = lazyPage(() =>
  import("../features/shop/routes/return-route").then((module) => module.ReturnRoute),
);
const PlayerRoute = lazyPage(() =>
  import("../features/players/routes/player-route").then((module) => module.PlayerRoute),
);
const ProfileRoute = lazyPage(() =>
  import("../features/profile/routes/profile-route").then((module) => module.ProfileRoute),
);
const AccountSettingsRoute = lazyPage(() =>
  import("../features/account/routes/account-settings-route").then((module) => module.AccountSettingsRoute),
);
const PaymentMethodsRoute = lazyPage(() =>
  import("../features/cards/routes/payment-methods-route").then((module) => module.PaymentMethodsRoute),
);
const AddCardRoute = lazyPage(() =>
  import("../features/cards/routes/add-card-route").then((module) => module.AddCardRoute),
);
const WithdrawalMethodsRoute = lazyPage(() =>
  import("../features/payouts/routes/withdrawal-methods-route").then(
    (module) => module.WithdrawalMethodsRoute,
  ),
);
const AddPayoutCardRoute = lazyPage(() =>
  import("../features/payouts/routes/add-payout-card-route").then((module) => module.AddPayoutCardRoute),
);
const WithdrawalsRoute = lazyPage(() =>
  import("../features/payouts/routes/withdrawals-route").then((module) => module.WithdrawalsRoute),
);
const PropertyDetailsPage = lazyPage(() =>
  import("./property-details-page").then((module) => module.PropertyDetailsPage),
);
const OrderReviewRoute = lazyPage(() =>
  import("../features/purchase/routes/order-review-route").then((module) => module.OrderReviewRoute),
);
const DevelopReviewRoute = lazyPage(() =>
  import("../features/purchase/routes/develop-review-route").then((module) => module.DevelopReviewRoute),
);
const SellReviewRoute = lazyPage(() =>
  import("../features/sale/routes/sell-review-route").then((module) => module.SellReviewRoute),
);
const BidReviewRoute = lazyPage(() =>
  import("../features/bids/routes/bid-review-route").then((module) => module.BidReviewRoute),
);
const LeaderboardRoute = lazyPage(() =>
  import("../features/leaderboard/routes/leaderboard-route").then((module) => module.LeaderboardRoute),
);
const MyBidsRoute = lazyPage(() =>
  import("../features/bids/routes/my-bids-route").then((module) => module.MyBidsRoute),
);
const OfferwallRoute = lazyPage(() =>
  import("../features/offerwall/routes/offerwall-route").then((module) => module.OfferwallRoute),
);
const MarketPage = lazyPage(() => import("./market-page").then((module) => module.MarketPage));
const PortfolioRoute = lazyPage(() =>
  import("../features/market/routes/portfolio-route").then((module) => module.PortfolioRoute),
);
const WatchlistRoute = lazyPage(() =>
  import("../features/watchlist/routes/watchlist-route").then((module) => module.WatchlistRoute),
);
const CollectionsRoute = lazyPage(() =>
  import("../features/collections/routes/collections-route").then((module) => module.CollectionsRoute),
);
const CollectionRoute = lazyPage(() =>
  import("../features/collections/routes/collection-route").then((module) => module.CollectionRoute),
);
// The operator console: players never load it.
const OpsConsole = lazyPage(() => import("../ops/ops-console").then((module) => module.default));

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
        element: <PlayerRoute />,
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
  // The loader takes back an ask left for payout onboarding; it comes with the page's chunk.
  {
    path: paths.assets,
    lazy: async () => {
      const { assetsLoader, AssetsRoute } = await import("./assets-route");
      return { loader: assetsLoader, Component: AssetsRoute };
    },
  },
  { path: paths.leaderboard, element: <LeaderboardRoute /> },
  { path: paths.legal, element: <LegalListRoute /> },
  { path: paths.bids, element: <MyBidsRoute /> },
  { path: paths.offerwall, element: <OfferwallRoute /> },
  { path: paths.market, element: <MarketPage /> },
  { path: paths.portfolio, element: <PortfolioRoute /> },
  {
    path: paths.watchlist,
    element: <WatchlistRoute />,
  },
  {
    path: paths.collections,
    element: <CollectionsRoute />,
  },
  {
    path: `${paths.collections}/:id`,
    element: <CollectionRoute />,
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
            element: <OpsConsole />,
          },
        ],
      },
      { path: "*", loader: unknownPathGuard, element: <PageSpinner /> },
    ],
  },
];

/** The app's router; made when the app first renders (app.tsx), not while the page's scripts are evaluated. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
