import { AuthShell } from "../components/auth-shell";
import { LoginForm } from "../components/login-form";
import { SignUpFlow } from "../components/sign-up-flow";

/** /login and /signup: one screen, switched by the route. */
export function AuthRoute({ mode }: { mode: "login" | "signup" }) {
  return <AuthShell>{mode === "login" ? <LoginForm /> : <SignUpFlow />}</AuthShell>;
}
