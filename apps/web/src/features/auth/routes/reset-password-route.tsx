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
    if (!isLinkComplete) {
      setFormError(errors.missingResetToken);
      return;
    }
    if (newPassword !== confirmPassword) {
      setFormError(errors.passwordsDoNotMatch);
      return;
    }
    if (newPassword.length < LIMITS.passwordMin) {
      setFormError(errors.passwordTooShort);
      return;
    }
    setFormError(null);
    reset.mutate({ email, otpToken: token, newPassword });
  };

  if (reset.isSuccess) {
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

  const error =
    formError ??
    (reset.isError ? errorMessage(reset.error, errors.resetFailed) : null) ??
    (isLinkComplete ? null : errors.missingResetToken);

  return (
    <AuthShell>
      <AuthCard
        title={texts.resetPassword}
        lead={authCopy.resetLead}
        footer={
          <>
            {isLinkComplete ? null : <Link to={paths.forgotPassword}>{texts.forgotPasswordLink}</Link>}
            <Link to={paths.login}>{texts.backToLogin}</Link>
          </>
        }
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
