import { formatCents } from "@mx/shared/money";
import { findShippingRate, shippingTexts } from "@mx/shared/shop-shipping";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SandboxCheckoutSessionData } from "../src/api";
import { setSandboxShipping } from "./checkout-api";
import type { SandboxAddressDraft, SandboxShopParts, SandboxWebHost } from "./host";

/** How long typing pauses before the address is sent for its tax. */
const QUOTE_DELAY_MS = 400;

/**
 * The payment form's shipping address and rate, and the session's figures for them: a complete address (and the
 * rate) is sent to the session a moment after the customer stops typing, and its shipping, tax and total come back
 * through `onSessionUpdated`. A session that already has an address (a reload) shows it.
 */
export function useShippingQuote({
  parts: { emptyAddress, addressProblem, toShippingAddress },
  request,
  clientSecret,
  data,
  onSessionUpdated,
}: {
  parts: Pick<SandboxShopParts, "emptyAddress" | "addressProblem" | "toShippingAddress">;
  request: SandboxWebHost["request"];
  clientSecret: string;
  data: SandboxCheckoutSessionData | undefined;
  onSessionUpdated: (session: SandboxCheckoutSessionData) => void;
}) {
  const [address, setAddress] = useState<SandboxAddressDraft>(emptyAddress);
  const [chosenRate, setChosenRate] = useState<string | null>(null);
  // The address and rate the session was last given (its figures are theirs), and whether a quote is on its way.
  const [quoted, setQuoted] = useState<string | null>(null);
  const [isQuoting, setIsQuoting] = useState(false);
  const latestQuote = useRef(0);

  const stored = data?.shipping;
  const rate = chosenRate ?? stored?.rateId ?? data?.shippingOptions[0]?.id ?? "";
  const isAddressReady = addressProblem(address) === null;
  const quoteBody = isAddressReady
    ? { clientSecret, address: toShippingAddress(address), shippingRate: rate }
    : null;
  const quoteKey = quoteBody ? JSON.stringify(quoteBody) : null;

  // A session that already has an address (a reload) shows it.
  const storedAddress = stored?.address;
  useEffect(() => {
    if (!storedAddress) return;
    setAddress((current) =>
      current === emptyAddress ? { ...storedAddress, line2: storedAddress.line2 ?? "" } : current,
    );
  }, [storedAddress, emptyAddress]);

  /** Gives the session this address and rate; its shipping, tax and total come back. */
  const quote = useCallback(
    async (body: NonNullable<typeof quoteBody>) => {
      const turn = ++latestQuote.current;
      setIsQuoting(true);
      try {
        const updated = await setSandboxShipping(request, body);
        if (turn !== latestQuote.current) return;
        onSessionUpdated(updated);
        setQuoted(JSON.stringify(body));
      } finally {
        if (turn === latestQuote.current) setIsQuoting(false);
      }
    },
    [request, onSessionUpdated],
  );

  // As the customer types, the tax follows the address once it is complete.
  useEffect(() => {
    if (!quoteKey || quoteKey === quoted) return;
    const timer = window.setTimeout(() => {
      void quote(JSON.parse(quoteKey)).catch(() => {
        // Said on submit, where the server's message names the field.
      });
    }, QUOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [quoteKey, quoted, quote]);
  return {
    address,
    setAddress,
    rate,
    setChosenRate,
    isAddressReady,
    quoteBody,
    quoteKey,
    quoted,
    isQuoting,
    quote,
  };
}

/**
 * The figures the form shows: the session's once they are this address's and rate's; until then the rate's price,
 * and the tax waits for the address.
 */
export function quoteFigures(
  data: SandboxCheckoutSessionData,
  {
    rate,
    isAddressReady,
    isQuoting,
    quoteKey,
    quoted,
  }: Pick<
    ReturnType<typeof useShippingQuote>,
    "rate" | "isAddressReady" | "isQuoting" | "quoteKey" | "quoted"
  >,
) {
  const isQuoted = quoteKey !== null && quoteKey === quoted && data.shipping !== null;
  const shippingCents = isQuoted ? data.amountShippingCents : (findShippingRate(rate)?.amountCents ?? 0);
  const stateCode = isQuoted ? data.shipping?.address.state : undefined;
  const taxLabel =
    isQuoted && stateCode && data.taxRate !== null
      ? shippingTexts.taxWithRate(stateCode, data.taxRate)
      : shippingTexts.tax;
  const taxAmount = isQuoted
    ? formatCents(data.amountTaxCents)
    : isAddressReady || isQuoting
      ? shippingTexts.calculating
      : shippingTexts.taxPending;
  const total = formatCents(isQuoted ? data.amountTotalCents : data.amountSubtotalCents + shippingCents);
  return { shippingCents, taxLabel, taxAmount, total };
}
