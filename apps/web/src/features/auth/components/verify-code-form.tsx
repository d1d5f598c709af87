import { OTP_LENGTH } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import type { FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { CodeBoxes } from "../../../components/ui/code-boxes";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { authCopy } from "../copy";

interface VerifyCodeFormProps {
  code: string[];
  onCodeChange: (code: string[]) => void;
  onVerify: () => void;
  onResend: () => void;
  submitLabel: string;
  isVerifying: boolean;
  isResending: boolean;
  error: string | null;
  notice: string | null;
}

/** The four code boxes with Verify and "Didn't receive the code? Resend", used by sign-up and recovery. */
export function VerifyCodeForm({
  code,
  onCodeChange,
  onVerify,
  onResend,
  submitLabel,
  isVerifying,
  isResending,
  error,
  notice,
}: VerifyCodeFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onVerify();
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <CodeBoxes
        label={authCopy.verificationCode}
        value={code}
        onChange={onCodeChange}
        disabled={isVerifying}
        autoFocus
      />
      <ErrorBox>{error}</ErrorBox>
      <StatusNote>{notice}</StatusNote>
      <Button type="submit" block busy={isVerifying}>
        {isVerifying ? texts.verifying : submitLabel}
      </Button>
      <p className="form__aside">
        <span>{texts.didntReceive}</span>{" "}
        <Button variant="ghost" className="btn--inline" onClick={onResend} busy={isResending}>
          {texts.resend}
        </Button>
      </p>
    </form>
  );
}

/** The typed code as the number the API expects, or null while a box is empty or holds a non-digit. */
export function codeToNumber(code: string[]): number | null {
  const digits = code.join("");
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? Number(digits) : null;
}
