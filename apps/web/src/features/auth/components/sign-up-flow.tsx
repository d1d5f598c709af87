import { OTP_LENGTH } from "@mx/shared/constants";
import { errors, serverMessages, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { emptyCode } from "../../../components/ui/code-boxes";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCreateOtp } from "../api/create-otp";
import { useSignUp } from "../api/sign-up";
import { useUserNameTaken } from "../api/username-available";
import { useVerifyOtp } from "../api/verify-otp";
import { authCopy } from "../copy";
import { type SignUpValues, validateSignUp } from "../sign-up-validation";
import { useCompleteSignIn } from "../use-complete-sign-in";
import { AuthCard } from "./auth-shell";
import { codeToNumber, VerifyCodeForm } from "./verify-code-form";

type Step = "details" | "verify";

const initialValues: SignUpValues = {
  fullName: "",
  userName: "",
  email: "",
  password: "",
  confirmPassword: "",
};

/**
 * Sign-up in two steps: the details (a code is e-mailed), then the code. A verified code
 * yields a token that creates the account; the session is stored and the player goes to /.
 */
export function SignUpFlow() {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const createOtp = useCreateOtp();
  const verifyOtp = useVerifyOtp();
  const signUp = useSignUp();

  const [step, setStep] = useState<Step>("details");
  const [values, setValues] = useState<SignUpValues>(initialValues);
  const [hasAccepted, setHasAccepted] = useState(false);
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A verified code's token, kept so a refused sign-up (e.g. a taken username) can be retried without a new code.
  const verified = useRef<{ email: string; token: string } | null>(null);

  useDocumentTitle(step === "details" ? texts.signUp : texts.verifyYourEmail);
  // Said as soon as it is known, before any code is sent.
  const userNameTaken = useUserNameTaken(values.userName);

  const email = values.email.trim();
  const setField = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const register = async (otpToken: string) => {
    const auth = await signUp.mutateAsync({
      email,
      password: values.password,
      otpToken,
      fullName: values.fullName.trim(),
      userName: values.userName.trim(),
    });
    completeSignIn(auth);
  };

  const sendCode = async (): Promise<string | null> => {
    try {
      return await createOtp.mutateAsync({ email, type: "UR" });
    } catch (cause) {
      setError(errorMessage(cause, errors.otpCreationFailed));
      return null;
    }
  };

  const handleDetailsSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!hasAccepted) {
      setError(errors.acceptTerms);
      return;
    }
    const problem = validateSignUp(values);
    if (problem) {
      setError(problem);
      return;
    }
    if (userNameTaken) {
      setError(serverMessages.userNameTaken);
      return;
    }
    const kept = verified.current;
    if (kept && kept.email === email) {
      try {
        await register(kept.token);
      } catch (cause) {
        // Used or expired by now: the next attempt asks for a fresh code.
        verified.current = null;
        setError(errorMessage(cause, errors.registrationFailed));
      }
      return;
    }
    if ((await sendCode()) !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setStep("verify");
    }
  };

  const handleVerify = async () => {
    setError(null);
    setNotice(null);
    const otp = codeToNumber(code);
    if (otp === null) {
      setError(errors.otpLength);
      return;
    }
    let token: string;
    try {
      token = await verifyOtp.mutateAsync({ email, type: "UR", otp });
    } catch (cause) {
      setError(errorMessage(cause, errors.otpVerificationFailed));
      return;
    }
    verified.current = { email, token };
    try {
      await register(token);
    } catch (cause) {
      // The details need fixing (e.g. a taken username): back to the form, with the reason.
      setStep("details");
      setError(errorMessage(cause, errors.registrationFailed));
    }
  };

  const handleResend = async () => {
    setError(null);
    setNotice(null);
    const message = await sendCode();
    if (message !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setNotice(message || serverMessages.otpSent);
    }
  };

  if (step === "verify") {
    return (
      <AuthCard
        title={texts.verifyYourEmail}
        lead={
          <>
            {texts.codeSent}
            <br />
            <span className="auth-card__email">
              {authCopy.codeSentTo} <strong>{email}</strong>
            </span>
          </>
        }
        footer={
          <Button
            variant="ghost"
            onClick={() => {
              setError(null);
              setNotice(null);
              setStep("details");
            }}
          >
            {authCopy.useDifferentEmail}
          </Button>
        }
      >
        <VerifyCodeForm
          code={code}
          onCodeChange={setCode}
          onVerify={handleVerify}
          onResend={handleResend}
          submitLabel={texts.verify}
          isVerifying={verifyOtp.isPending || signUp.isPending}
          isResending={createOtp.isPending}
          error={error}
          notice={notice}
        />
      </AuthCard>
    );
  }

  const isSubmitting = createOtp.isPending || signUp.isPending;
  return (
    <AuthCard
      title={texts.createAccount}
      lead={authCopy.signUpLead}
      footer={
        <>
          <span>{authCopy.haveAccount}</span>
          <Button variant="secondary" onClick={() => navigate(paths.login)}>
            {texts.signIn}
          </Button>
        </>
      }
    >
      <form className="form" onSubmit={handleDetailsSubmit}>
        <div className="form__grid">
          <TextField
            label={texts.fullName}
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={setField("fullName")}
          />
          <TextField
            label={texts.userName}
            name="userName"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.userName}
            onChange={(event) => {
              setField("userName")(event);
              // A refusal for the old name no longer applies.
              setError((current) => (current === serverMessages.userNameTaken ? null : current));
            }}
            aria-invalid={userNameTaken || undefined}
            hint={
              userNameTaken ? (
                <span role="alert" className="field__error">
                  {serverMessages.userNameTaken}
                </span>
              ) : undefined
            }
          />
        </div>
        <TextField
          label={texts.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={setField("email")}
        />
        <PasswordField
          label={texts.password}
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={setField("password")}
        />
        <PasswordField
          label={texts.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={setField("confirmPassword")}
        />
        <CheckboxField
          name="acceptTerms"
          checked={hasAccepted}
          onChange={(event) => setHasAccepted(event.target.checked)}
          label={
            <>
              {authCopy.agreePrefix}{" "}
              <a href={paths.privacy} target="_blank" rel="noopener">
                {texts.privacyAndTerms}
                <span className="visually-hidden"> {authCopy.opensInNewTab}</span>
              </a>
            </>
          }
        />
        <ErrorBox>{error}</ErrorBox>
        <Button type="submit" block busy={isSubmitting}>
          {isSubmitting ? texts.sending : texts.signUp}
        </Button>
      </form>
    </AuthCard>
  );
}
