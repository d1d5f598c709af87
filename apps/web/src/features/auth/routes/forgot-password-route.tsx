import { OTP_LENGTH } from "@mx/shared/constants";
import { errors, formats, serverMessages, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { emptyCode } from "../../../components/ui/code-boxes";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCreateOtp } from "../api/create-otp";
import { useVerifyOtp } from "../api/verify-otp";
import { AuthCard, AuthShell } from "../components/auth-shell";
import { codeToNumber, VerifyCodeForm } from "../components/verify-code-form";
import { authCopy } from "../copy";

/**
 * Recovery, step 1 asks for the e-mail; once a code is sent the page becomes
 * 'Check Your Email' with the code boxes below, and a verified code opens /reset-password.
 */
export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const createOtp = useCreateOtp();
  const verifyOtp = useVerifyOtp();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useDocumentTitle(sentTo ? texts.checkYourEmail : texts.forgotPassword);

  const send = async (address: string): Promise<string | null> => {
    try {
      return await createOtp.mutateAsync({ email: address, type: "UFP" });
    } catch (cause) {
      setError(errorMessage(cause, errors.sendOtpFailed));
      return null;
    }
  };

  const handleEmailSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if ((await send(address)) !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setSentTo(address);
    }
  };

  const handleVerify = async () => {
    if (!sentTo) return;
    setError(null);
    setNotice(null);
    const otp = codeToNumber(code);
    if (otp === null) {
      setError(errors.otpLength);
      return;
    }
    try {
      const token = await verifyOtp.mutateAsync({ email: sentTo, type: "UFP", otp });
      const query = new URLSearchParams({ email: sentTo, token });
      void navigate(`${paths.resetPassword}?${query.toString()}`);
    } catch (cause) {
      setError(errorMessage(cause, errors.verifyOtpFailed));
    }
  };

  const handleResend = async () => {
    if (!sentTo) return;
    setError(null);
    setNotice(null);
    const message = await send(sentTo);
    if (message !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setNotice(message || serverMessages.otpSent);
    }
  };

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
            isVerifying={verifyOtp.isPending}
            isResending={createOtp.isPending}
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
          <Button type="submit" block busy={createOtp.isPending}>
            {createOtp.isPending ? texts.sending : texts.submit}
          </Button>
        </form>
      </AuthCard>
    </AuthShell>
  );
}
