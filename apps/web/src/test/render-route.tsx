import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AlertHost } from "../components/ui/alert-host";

/** A fake server: each call's method and path (without /api/v1) is answered by `reply`. */
export type FakeReply = (call: { method: string; path: string; headers: Headers; body: unknown }) =>
  | {
      status: number;
      body?: unknown;
    }
  | Promise<{ status: number; body?: unknown }>;

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** Replaces fetch with `reply`; returns every call made, in order. A throw from `reply` is a network failure. */
export function fakeServer(reply: FakeReply): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call = {
      method: init?.method ?? "GET",
      path: `${url.pathname.replace(/^\/api\/v1/, "")}${url.search}`,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = await reply(call);
    return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), {
      status: answer.status,
    });
  };
  return calls;
}

export const ok = (data: unknown, message = "OK") => ({
  status: 200,
  body: { statusCode: 200, message, data },
});
export const refused = (status: number, message: string, code = "REFUSED") => ({
  status,
  body: { statusCode: status, message, code },
});

/** A signed-in player's session in storage. */
export function signIn(): void {
  window.localStorage.setItem("token", "token-1");
  window.localStorage.setItem("userId", "user-1");
}

/** Renders `element` at `path` with router `state`, as the app does: a query client, a router and the alert host. */
export function renderRoute(element: ReactElement, path: string, state?: unknown) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  const root = document.createElement("div");
  root.id = "root";
  document.body.appendChild(root);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertHost />
    </QueryClientProvider>,
    { container: root },
  );
  return { ...view, router, queryClient };
}

/** A property as the server sends it (the shared Property schema), with `fields` changed. */
export function propertyReply(fields: Record<string, unknown> = {}) {
  return {
    _id: "prop-1",
    buildingId: "way/1",
    mapId: 1,
    name: "No Name",
    address: null,
    neighborhood: null,
    description: "",
    image: null,
    price: 100,
    value: 100,
    ask: null,
    basePrice: 100,
    noOfFloors: null,
    floorArea: null,
    height: null,
    yearBuilt: null,
    ownerId: null,
    ownerName: null,
    isBuy: false,
    isFirstTime: true,
    forSale: false,
    color: null,
    location: { lat: 40.75, lng: -73.98 },
    status: "available",
    development: { level: 0, constructing: false, kind: null, completesAt: null },
    ...fields,
  };
}

/** A payout as the server sends it (the shared PayoutHistoryItem schema). */
export function payoutReply(fields: Record<string, unknown> = {}) {
  return {
    id: "po_1",
    amount: 20,
    fee: 1,
    netAmount: 19,
    currency: "usd",
    status: "paid",
    automatic: false,
    method: "instant",
    destination: "VISA •••• 5556",
    failureMessage: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    ...fields,
  };
}

/** The signed-in player's profile as GET users/profile answers it; `restriction` null when not restricted. */
export function profileReply(restriction: { reason: string; since: string } | null = null) {
  return {
    _id: "user-1",
    fullName: "Ada Lovelace",
    userName: "ada",
    email: "ada@example.com",
    buildingColor: "#f5b942",
    totalPropertyPrice: 0,
    isStripeIntegrated: false,
    stripeConnAccId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    hideHoldings: false,
    restriction,
  };
}

/** A watched building as GET users/watchlist lists it. */
export function watchedReply(fields: Record<string, unknown> = {}) {
  return {
    buildingId: "way/1",
    name: "Test Tower",
    address: "350 5th Avenue",
    neighborhood: "Midtown",
    price: 500,
    value: 400,
    ask: 500,
    forSale: true,
    frozen: false,
    bestBid: 450,
    lastTrade: { price: 400, at: 1_700_000_000 },
    ownerName: "alice",
    location: { lat: 40.7484, lng: -73.9857 },
    watchedAt: 1_700_000_100,
    ...fields,
  };
}
