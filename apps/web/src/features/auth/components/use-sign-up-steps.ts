import { OTP_LENGTH } from "@mx/shared/constants";
import { errors, serverMessages } from "@mx/shared/messages";
import { type FormEvent, useRef, useState } from "react";
import { emptyCode } from "../../../components/ui/code-boxes";
import { errorMessage } from "../../../lib/api-client";
import { useCreateOtp } from "../api/create-otp";
import { useSignUp } from "../api/sign-up";
import { useVerifyOtp } from "../api/verify-otp";
import { type SignUpValues, validateSignUp } from "../sign-up-validation";
import { useCompleteSignIn } from "../use-complete-sign-in";
import { codeToNumber } from "./verify-code-form";

type Step = "details" | "verify";

/** Why the details cannot be sent yet: the terms not accepted, a field wrong, or the username taken. */
function detailsProblem(values: SignUpValues, hasAccepted: boolean, userNameTaken: boolean): string | null {
  if (!hasAccepted) return errors.acceptTerms;
  const problem = validateSignUp(values);
  if (problem) return problem;
  if (userNameTaken) return serverMessages.userNameTaken;
  return null;
}

/**
 * The calls of sign-up for the details in `values`: e-mailing a code, checking it (its token kept for a retry),
 * creating the account; and which of them are under way.
 */
function useSignUpCalls(values: SignUpValues) {
  const completeSignIn = useCompleteSignIn();
  const createOtp = useCreateOtp();
  const verifyOtp = useVerifyOtp();
  const signUp = useSignUp();
  const email = values.email.trim();
  // A verified code's token, kept so a refused sign-up (e.g. a taken username) can be retried without a new code.
  const verified = useRef<{ email: string; token: string } | null>(null);

  /** Creates the account with a verified code's token, then signs the player in. */
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

  /** E-mails a code: the server's message, or null once `fail` has been told why it could not be sent. */
  const sendCode = async (fail: (message: string) => void): Promise<string | null> => {
    try {
      return await createOtp.mutateAsync({ email, type: "UR" });
    } catch (cause) {
      fail(errorMessage(cause, errors.otpCreationFailed));
      return null;
    }
  };

  /** Checks a code and keeps its token: the token, or null once `fail` has been told why the code was refused. */
  const verifyCode = async (otp: number, fail: (message: string) => void): Promise<string | null> => {
    let token: string;
    try {
      token = await verifyOtp.mutateAsync({ email, type: "UR", otp });
    } catch (cause) {
      fail(errorMessage(cause, errors.otpVerificationFailed));
      return null;
    }
    verified.current = { email, token };
    return token;
  };

  /**
   * Creates the account again with the token kept for this e-mail, forgetting it if refused (used or expired by
   * now, so the next attempt asks for a fresh code); null when no token is kept for this e-mail.
   */
  const registerWithKeptToken = (fail: (message: string) => void): Promise<void> | null => {
    const kept = verified.current;
    if (!(kept && kept.email === email)) return null;
    return (async () => {
      try {
        await register(kept.token);
      } catch (cause) {
        verified.current = null;
        fail(errorMessage(cause, errors.registrationFailed));
      }
    })();
  };
  const busy = {
    isSending: createOtp.isPending,
    isVerifying: verifyOtp.isPending || signUp.isPending,
    isSubmitting: createOtp.isPending || signUp.isPending,
  };
  return { email, busy, register, sendCode, verifyCode, registerWithKeptToken };
}

/**
 * Sign-up's two steps: the details, which e-mail a code, then the code, whose token creates the account (and signs
 * the player in). The step, the code typed, the error and notice shown, and the calls' states and handlers.
 */
export function useSignUpSteps(values: SignUpValues, hasAccepted: boolean, userNameTaken: boolean) {
  const { email, busy, register, sendCode, verifyCode, registerWithKeptToken } = useSignUpCalls(values);
  const [step, setStep] = useState<Step>("details");
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** Takes down the error and the notice before the next try. */
  const clearMessages = () => {
    setError(null);
    setNotice(null);
  };

  const handleDetailsSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearMessages();
    const problem = detailsProblem(values, hasAccepted, userNameTaken);
    if (problem) {
      setError(problem);
      return;
    }
    const retry = registerWithKeptToken(setError);
    if (retry) {
      await retry;
      return;
    }
    if ((await sendCode(setError)) !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setStep("verify");
    }
  };

  const handleVerify = async () => {
    clearMessages();
    const otp = codeToNumber(code);
    if (otp === null) {
      setError(errors.otpLength);
      return;
    }
    const token = await verifyCode(otp, setError);
    if (token === null) return;
    try {
      await register(token);
    } catch (cause) {
      // The details need fixing (e.g. a taken username): back to the form, with the reason.
      setStep("details");
      setError(errorMessage(cause, errors.registrationFailed));
    }
  };

  const handleResend = async () => {
    clearMessages();
    const message = await sendCode(setError);
    if (message !== null) {
      setCode(emptyCode(OTP_LENGTH));
      setNotice(message || serverMessages.otpSent);
    }
  };

  /** Back to the details, to give another e-mail address. */
  const backToDetails = () => {
    clearMessages();
    setStep("details");
  };

  return {
    step,
    email,
    code,
    setCode,
    error,
    setError,
    notice,
    ...busy,
    handleDetailsSubmit,
    handleVerify,
    handleResend,
    backToDetails,
  };
}
