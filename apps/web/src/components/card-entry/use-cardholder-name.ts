import { useState } from "react";

/** The cardholder name field of a card form: required, trimmed on submit. */
export function useCardholderName(nameId: string) {
  const [name, setName] = useState("");
  const [isNameInvalid, setIsNameInvalid] = useState(false);

  /** The trimmed name, or null when there is none (the field is then flagged and focused). */
  const checkName = (): string | null => {
    const trimmed = name.trim();
    setName(trimmed);
    if (!trimmed) {
      setIsNameInvalid(true);
      document.getElementById(nameId)?.focus();
      return null;
    }
    setIsNameInvalid(false);
    return trimmed;
  };

  const changeName = (value: string) => {
    setName(value);
    if (value.trim()) setIsNameInvalid(false);
  };

  return { name, isNameInvalid, checkName, changeName };
}
