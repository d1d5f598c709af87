import { formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { AuthCard, AuthShell } from "../components/auth-shell";
import { VerifyCodeForm } from "../components/verify-code-form";
import { authCopy } from "../copy";
import { usePasswordRecovery } from "../use-password-recovery";

/**
 * Recovery, step 1 asks for the e-mail; once a code is sent the page becomes
 * 'Check Your Email' with the code boxes below, and a verified code opens /reset-password.
 */
export function ForgotPasswordRoute() {
  const {
    email,
    setEmail,
    sentTo,
    code,
    setCode,
    error,
    notice,
    isSending,
    isVerifying,
    handleEmailSubmit,
    handleVerify,
    handleResend,
  } = usePasswordRecovery();

  useDocumentTitle(sentTo ? texts.checkYourEmail : texts.forgotPassword);

  const backToLogin = <Link to={paths.login}>{texts.backToLogin}</Link>;

  if (sentTo) {
    return (
      <AuthShell>
        <AuthCard title={texts.checkYourEmail} lead={formats.resetInstructions(sentTo)} footer={backToLogin}>
          <h2 className="auth-card__subtitle">{texts.verifyYourEmail}</h2>
          <VerifyCodeForm
            code={code}
            onCodeChange={setCode}
            onVerify={handleVerify}
            onResend={handleResend}
            submitLabel={texts.verifyOtp}
            isVerifying={isVerifying}
            isResending={isSending}
            error={error}
            notice={notice}
          />
        </AuthCard>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <AuthCard title={texts.forgotPassword} lead={authCopy.forgotLead} footer={backToLogin}>
        <form className="form" onSubmit={handleEmailSubmit}>
          <TextField
            label={texts.email}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <ErrorBox>{error}</ErrorBox>
          <Button type="submit" block busy={isSending}>
            {isSending ? texts.sending : texts.submit}
          </Button>
        </form>
      </AuthCard>
    </AuthShell>
  );
}
