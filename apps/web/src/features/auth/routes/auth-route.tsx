import { lazy, Suspense } from "react";
import { PageSpinner } from "../../../components/ui/spinner";
import { AuthShell } from "../components/auth-shell";
import { LoginForm } from "../components/login-form";

// The sign-up flow (and its checks of the names players choose) is fetched when opened, not with the sign-in page.
const SignUpFlow = lazy(() =>
  import("../components/sign-up-flow").then((module) => ({ default: module.SignUpFlow })),
);

/** /login and /signup: one screen, switched by the route. */
export function AuthRoute({ mode }: { mode: "login" | "signup" }) {
  return (
    <AuthShell>
      {mode === "login" ? (
        <LoginForm />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <SignUpFlow />
        </Suspense>
      )}
    </AuthShell>
  );
}
