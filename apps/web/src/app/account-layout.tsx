import { Outlet } from "react-router";

/** The signed-in account pages: one centred column; each page brings its own header. */
export function AccountLayout() {
  return (
    <div className="account-shell">
      <main id="main" className="account-shell__main">
        <Outlet />
      </main>
    </div>
  );
}
