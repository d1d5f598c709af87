import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { getProfile, profileQueryKey } from "../../lib/current-profile";
import { hasSession } from "../../lib/session";
import { shopCopy } from "./copy";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the e-mail typed, or null. */
function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return shopCopy.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? null : shopCopy.emailInvalid;
}

/**
 * The checkout's e-mail: a signed-in player's is filled in (they may still change it); its rule is shown when the
 * field is left with something typed, or when the player pays.
 */
export function useCheckoutEmail() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), emailError: useId() };

  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    enabled: hasSession(),
  });
  const profileEmail = profile.data?.email;
  useEffect(() => {
    if (profileEmail) setEmail((current) => current || profileEmail);
  }, [profileEmail]);

  return {
    email,
    error,
    ids,
    /** Typing clears the rule shown. */
    change: (value: string) => {
      setEmail(value);
      if (error) setError(null);
    },
    /** Leaving the field with something typed shows its rule. */
    blur: () => {
      if (email.trim()) setError(emailProblem(email));
    },
    /** Before paying: shows the rule and moves focus to the field when the e-mail will not do. */
    check: (): boolean => {
      const problem = emailProblem(email);
      setError(problem);
      if (problem) document.getElementById(ids.email)?.focus();
      return problem === null;
    },
  };
}

export type CheckoutEmail = ReturnType<typeof useCheckoutEmail>;
