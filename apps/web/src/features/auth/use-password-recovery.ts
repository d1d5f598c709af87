import { OTP_LENGTH } from "@mx/shared/constants";
import { errors, serverMessages } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { emptyCode } from "../../components/ui/code-boxes";
import { errorMessage } from "../../lib/api-client";
import { useCreateOtp } from "./api/create-otp";
import { useVerifyOtp } from "./api/verify-otp";
import { codeToNumber } from "./components/verify-code-form";

/**
 * Password recovery's two steps: the e-mail, to which a code is sent, then the code, whose token opens
 * /reset-password. The address typed, where the code went, the code typed, the error and notice shown, the calls'
 * states and the handlers.
 */
export function usePasswordRecovery() {
  const navigate = useNavigate();
  const createOtp = useCreateOtp();
  const verifyOtp = useVerifyOtp();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  return {
    email,
    setEmail,
    sentTo,
    code,
    setCode,
    error,
    notice,
    isSending: createOtp.isPending,
    isVerifying: verifyOtp.isPending,
    handleEmailSubmit,
    handleVerify,
    handleResend,
  };
}
