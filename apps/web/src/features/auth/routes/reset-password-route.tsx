import { LIMITS } from "@mx/shared/constants";
import { errors, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClassName } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/password-field";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useResetPassword } from "../api/reset-password";
import { AuthCard, AuthShell } from "../components/auth-shell";
import { authCopy } from "../copy";

/** Why the new password cannot be sent: the link lacks its e-mail or token, or the password is unconfirmed or short. */
function resetProblem(isLinkComplete: boolean, newPassword: string, confirmPassword: string): string | null {
  if (!isLinkComplete) return errors.missingResetToken;
  if (newPassword !== confirmPassword) return errors.passwordsDoNotMatch;
  if (newPassword.length < LIMITS.passwordMin) return errors.passwordTooShort;
  return null;
}

/** /reset-password?email&token: the token comes from a verified recovery code. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email") ?? "";
  const token = searchParams.get("token") ?? "";
  const isLinkComplete = email !== "" && token !== "";
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  useDocumentTitle(reset.isSuccess ? texts.resetSuccessful : texts.resetPassword);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.reset();
    const problem = resetProblem(isLinkComplete, newPassword, confirmPassword);
    setFormError(problem);
    if (problem) return;
    reset.mutate({ email, otpToken: token, newPassword });
  };

  if (reset.isSuccess) return <ResetSuccessful />;

  const error =
    formError ??
    (reset.isError ? errorMessage(reset.error, errors.resetFailed) : null) ??
    (isLinkComplete ? null : errors.missingResetToken);

  return (
    <AuthShell>
      <AuthCard
        title={texts.resetPassword}
        lead={authCopy.resetLead}
        footer={<ResetFooter isLinkComplete={isLinkComplete} />}
      >
        <form className="form" onSubmit={handleSubmit}>
          {/* Lets password managers file the new password under the right account. */}
          <input
            className="visually-hidden"
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            tabIndex={-1}
            aria-hidden="true"
          />
          <PasswordField
            label={texts.newPassword}
            name="newPassword"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <PasswordField
            label={texts.confirmPassword}
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          <ErrorBox>{error}</ErrorBox>
          <Button type="submit" block busy={reset.isPending}>
            {reset.isPending ? texts.resetting : texts.resetPassword}
          </Button>
        </form>
      </AuthCard>
    </AuthShell>
  );
}

/** The page once the password is changed, with the way back to log in. */
function ResetSuccessful() {
  return (
    <AuthShell>
      <AuthCard title={texts.resetSuccessful} lead={texts.resetSuccessfulText}>
        <Link className={buttonClassName("primary", true)} to={paths.login}>
          {texts.backToLogin}
        </Link>
      </AuthCard>
    </AuthShell>
  );
}

/** The way back to log in and, when the link lacks its e-mail or token, the way to ask for a new code. */
function ResetFooter({ isLinkComplete }: { isLinkComplete: boolean }) {
  return (
    <>
      {isLinkComplete ? null : <Link to={paths.forgotPassword}>{texts.forgotPasswordLink}</Link>}
      <Link to={paths.login}>{texts.backToLogin}</Link>
    </>
  );
}
