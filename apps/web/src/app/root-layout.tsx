import { Outlet, ScrollRestoration } from "react-router";

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
