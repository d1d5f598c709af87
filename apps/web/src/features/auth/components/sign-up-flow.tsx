import { texts } from "@mx/shared/messages";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useUserNameTaken } from "../api/username-available";
import { authCopy } from "../copy";
import type { SignUpValues } from "../sign-up-validation";
import { AuthCard } from "./auth-shell";
import { SignUpDetails } from "./sign-up-details";
import { useSignUpSteps } from "./use-sign-up-steps";
import { VerifyCodeForm } from "./verify-code-form";

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
  const [values, setValues] = useState<SignUpValues>(initialValues);
  const [hasAccepted, setHasAccepted] = useState(false);
  // Said as soon as it is known, before any code is sent.
  const userNameTaken = useUserNameTaken(values.userName);
  const flow = useSignUpSteps(values, hasAccepted, userNameTaken);
  useDocumentTitle(flow.step === "details" ? texts.signUp : texts.verifyYourEmail);

  const setField = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  if (flow.step === "verify") {
    return (
      <AuthCard
        title={texts.verifyYourEmail}
        lead={
          <>
            {texts.codeSent}
            <br />
            <span className="auth-card__email">
              {authCopy.codeSentTo} <strong>{flow.email}</strong>
            </span>
          </>
        }
        footer={
          <Button variant="ghost" onClick={flow.backToDetails}>
            {authCopy.useDifferentEmail}
          </Button>
        }
      >
        <VerifyCodeForm
          code={flow.code}
          onCodeChange={flow.setCode}
          onVerify={flow.handleVerify}
          onResend={flow.handleResend}
          submitLabel={texts.verify}
          isVerifying={flow.isVerifying}
          isResending={flow.isSending}
          error={flow.error}
          notice={flow.notice}
        />
      </AuthCard>
    );
  }

  return (
    <SignUpDetails
      values={values}
      setField={setField}
      hasAccepted={hasAccepted}
      onAcceptedChange={setHasAccepted}
      userNameTaken={userNameTaken}
      error={flow.error}
      setError={flow.setError}
      isSubmitting={flow.isSubmitting}
      onSubmit={flow.handleDetailsSubmit}
    />
  );
}
