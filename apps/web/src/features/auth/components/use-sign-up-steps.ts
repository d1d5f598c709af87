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

/** The calls of sign-up for the details in `values`: e-mailing a code, checking it, creating the account. */
function useSignUpCalls(values: SignUpValues) {
  const completeSignIn = useCompleteSignIn();
  const createOtp = useCreateOtp();
  const verifyOtp = useVerifyOtp();
  const signUp = useSignUp();
  const email = values.email.trim();

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
  return { email, createOtp, verifyOtp, signUp, register, sendCode };
}

/**
 * Sign-up's two steps: the details, which e-mail a code, then the code, whose token creates the account (and signs
 * the player in). The step, the code typed, the error and notice shown, and the calls' states and handlers.
 */
export function useSignUpSteps(values: SignUpValues, hasAccepted: boolean, userNameTaken: boolean) {
  const { email, createOtp, verifyOtp, signUp, register, sendCode } = useSignUpCalls(values);
  const [step, setStep] = useState<Step>("details");
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A verified code's token, kept so a refused sign-up (e.g. a taken username) can be retried without a new code.
  const verified = useRef<{ email: string; token: string } | null>(null);

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
    isSending: createOtp.isPending,
    isVerifying: verifyOtp.isPending || signUp.isPending,
    isSubmitting: createOtp.isPending || signUp.isPending,
    handleDetailsSubmit,
    handleVerify,
    handleResend,
    backToDetails,
  };
}
