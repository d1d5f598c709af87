import { useCallback, useSyncExternalStore } from "react";
import { storageKeys } from "../../lib/session";
import { type CartLine, parseCart, serializeCart } from "./cart";

/**
 * The cart in browser storage (`cart`), shared by every component and every tab: each change is written at once,
 * and a change made in another tab shows here through the storage event.
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedCart: CartLine[] = [];
/** Set when storage refuses to write (private mode, full): the cart then lives in this page only. */
let unsavedRaw: string | null = null;

function readRaw(): string | null {
  if (unsavedRaw !== null) return unsavedRaw;
  try {
    return window.localStorage.getItem(storageKeys.cart);
  } catch {
    return null;
  }
}

function snapshot(): CartLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseCart(raw);
  }
  return cachedCart;
}

const EMPTY: CartLine[] = [];
const serverSnapshot = () => EMPTY;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.cart) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Saves the cart (every change is saved at once) and tells every component showing it. */
export function writeCart(cart: readonly CartLine[]): void {
  const raw = serializeCart(cart);
  try {
    window.localStorage.setItem(storageKeys.cart, raw);
    unsavedRaw = null;
  } catch {
    unsavedRaw = raw;
  }
  for (const listener of listeners) listener();
}

/** The stored cart and one way to change it: `update(cart => …)` runs a pure cart function, saves and returns the result. */
export function useCart() {
  const cart = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const update = useCallback((change: (cart: CartLine[]) => CartLine[]): CartLine[] => {
    const next = change(snapshot());
    writeCart(next);
    return next;
  }, []);
  return { cart, update };
}
