import type { ShippingAddress } from "@mx/shared/schemas/shop";
import type { ShippingRate } from "@mx/shared/shop-shipping";
import {
  type ButtonHTMLAttributes,
  type ComponentType,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
} from "react";
import type { ZodType } from "zod";
import type { SandboxCheckoutSessionData } from "../src/api";

/**
 * What the sandbox's web forms take from the web app that shows them. The forms are the sandbox's (its fields, checks
 * and calls); the app's look and plumbing are handed to them, so this package never imports the app:
 * - `SandboxWebHost`, given to every form as `host`: the app's API call, its way of wording a failed call, and its
 *   basic components;
 * - per screen, the parts only that screen uses: `SandboxCardEntryParts` for Add Card and Add payout card,
 *   `SandboxShopParts` for the shop's payment form.
 * Each type below names only what the forms use, so the app's own components and functions fit it as they are.
 */

/** A call's options: `schema` checks the reply's `data` (from @mx/shared/schemas) and types it. */
export interface SandboxRequestOptions<T> {
  method?: "GET" | "POST";
  body?: unknown;
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

/**
 * One call to the API at a path of @mx/shared/routes' `api`: resolves with the reply's `data`, and rejects on a
 * refusal with what `SandboxWebHost.errorMessage` reads.
 */
export type SandboxRequest = <T>(path: string, options?: SandboxRequestOptions<T>) => Promise<T>;

interface SandboxTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Inside the input's frame, after the input. */
  trailing?: ReactNode;
  id?: string;
}

interface SandboxButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Full width of its container. */
  block?: boolean;
  /** Working: disabled and announced as busy. */
  busy?: boolean;
}

/** What every sandbox form takes from the app. */
export interface SandboxWebHost {
  request: SandboxRequest;
  /** The text for a failed call: the server's message when it sent one, else `fallback`. */
  errorMessage: (cause: unknown, fallback: string) => string;
  ui: {
    Button: ComponentType<SandboxButtonProps>;
    TextField: ComponentType<SandboxTextFieldProps>;
    /** A busy wheel; `label` is read out, and shown beside it with `showLabel`. */
    Spinner: ComponentType<{ label?: string; showLabel?: boolean }>;
    /** The busy wheel in place of a whole page. */
    PageSpinner: ComponentType;
    /** A failure in place of the form. */
    ErrorBox: ComponentType<{ children?: ReactNode }>;
  };
}

const HostContext = createContext<SandboxWebHost | null>(null);

/** Each form's outermost component hands its `host` to the components inside it. */
export function SandboxWebHostProvider({ host, children }: { host: SandboxWebHost; children: ReactNode }) {
  return <HostContext value={host}>{children}</HostContext>;
}

export function useSandboxWebHost(): SandboxWebHost {
  const host = useContext(HostContext);
  if (!host) throw new Error("A sandbox form was shown without its host");
  return host;
}

/** The words every card form shows (the app's card-form copy carries more; its frame reads it). */
export interface SandboxCardFormCopy {
  nameRequired: string;
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  sandboxNote: string;
  sandboxTestCard: string;
  /** Given, the number field shows the scheme's chip and announces it: "Card brand: Visa". */
  brandDetected?: (brand: string) => string;
}

/** What the app's card-form frame is given; `copy` is the screen's copy, passed through as it came. */
interface SandboxCardFormFrameProps<C> {
  copy: C;
  /** A line above the fields (what kind of card the form takes). */
  lead?: ReactNode;
  name: string;
  onNameChange: (name: string) => void;
  nameId: string;
  isNameInvalid: boolean;
  /** The card fields. */
  children: ReactNode;
  /** The one message under the form. */
  error: string | null;
  errorId: string;
  isBusy: boolean;
  onSubmit: () => void;
  /** A line under the button (the test-card note). */
  note?: ReactNode;
}

/** The cardholder name field's state: required, trimmed on submit. */
interface SandboxCardholderName {
  name: string;
  isNameInvalid: boolean;
  /** The trimmed name, or null when there is none (the field is then flagged and focused). */
  checkName: () => string | null;
  changeName: (value: string) => void;
}

/** What a card form's tokeniser hands back: what to save, or the message to show. */
type SandboxTokenResult<T extends object> = T | { error: string };

/** The screen's submit a card form drives: `submit(tokenise)` saves what comes back, then leaves. */
export interface SandboxCardSubmit<T extends object> {
  submit: (tokenise: () => Promise<SandboxTokenResult<T>>) => Promise<void>;
  /** The one message, until the next edit. */
  error: string | null;
  /** A check of the form itself failed, before anything was sent (null clears the message). */
  setError: (message: string | null) => void;
  isBusy: boolean;
}

/**
 * The app's parts of a card form (Add Card, Add payout card), shared with its Stripe forms: the frame (the name, the
 * error line, the button), the cardholder-name hook, the scheme's chip and its name. Hand the same object on every
 * render (a module's constant): the hook is called through it.
 */
export interface SandboxCardEntryParts<C> {
  CardFormFrame: ComponentType<SandboxCardFormFrameProps<C>>;
  useCardholderName: (nameId: string) => SandboxCardholderName;
  CardChip: ComponentType<{ scheme: string | null; className?: string }>;
  /** "Visa", "American Express": the scheme as players read it. */
  brandLabel: (brand: string) => string;
}

/** A shipping address as typed into the form (the country is always the US). */
export type SandboxAddressDraft = Omit<ShippingAddress, "country" | "line2"> & { line2: string };
export type SandboxAddressField = keyof SandboxAddressDraft;

interface SandboxShippingFieldsProps {
  ids: Record<SandboxAddressField, string>;
  address: SandboxAddressDraft;
  onAddressChange: (field: SandboxAddressField, value: string) => void;
  rates: readonly ShippingRate[];
  rate: string;
  onRateChange: (rate: string) => void;
  fieldState: (field: SandboxAddressField) => { "aria-invalid"?: true; "aria-describedby"?: string };
  disabled: boolean;
}

interface SandboxOrderSummaryProps {
  lines: readonly { name: string; unitAmountCents: number; quantity: number }[];
  subtotalCents: number;
  shippingCents: number;
  taxLabel: string;
  taxAmount: string;
  total: string;
}

/** A card the checkout's customer saved, as the session lists it. */
type SandboxSavedCard = SandboxCheckoutSessionData["savedCards"][number];

/**
 * The app's parts of the shop's payment form, shared with its PayPal step: the address fields and their checks,
 * and the order summary; and how the app shows a saved card elsewhere (its chip, its name and its expiry). Hand the
 * same object on every render (a module's constant): `useAddressIds` is a hook and `emptyAddress` is told apart by
 * identity.
 */
export interface SandboxShopParts {
  /** The small card face beside a card; decorative. */
  CardChip: ComponentType<{ scheme: string | null; className?: string }>;
  /** A saved card as the app names it everywhere ("VISA •••• 4242"). */
  savedCardLabel: (card: SandboxSavedCard) => string;
  /** The line under it: the expiry, and the name on the card when there is one. */
  savedCardMeta: (card: SandboxSavedCard) => string;
  ShippingFields: ComponentType<SandboxShippingFieldsProps>;
  OrderSummary: ComponentType<SandboxOrderSummaryProps>;
  emptyAddress: SandboxAddressDraft;
  /** The first thing missing or wrong in the address; null when it can be sent. */
  addressProblem: (address: SandboxAddressDraft) => { field: SandboxAddressField; message: string } | null;
  /** The address as the API takes it. */
  toShippingAddress: (address: SandboxAddressDraft) => ShippingAddress;
  /** The address fields' ids, so a problem's field can be focused. */
  useAddressIds: () => Record<SandboxAddressField, string>;
}
