import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { RestrictionNotice } from "../../../components/restriction/restriction-notice";
import {
  fakeServer,
  ok,
  payoutReply,
  profileReply,
  refused,
  renderRoute,
  signIn,
} from "../../../test/render-route";
import { InstantPanel } from "./instant-panel";

const balance = {
  availableAmount: 50,
  availableCents: 5_000,
  pendingAmount: 0,
  currency: "usd",
  instantPayoutFee: 1,
  clearingAmount: 0,
  clearingCents: 0,
  clearing: [],
};
const debitCard = {
  id: "card_1",
  account: "acct_1",
  brand: "visa",
  last4: "5556",
  expMonth: 12,
  expYear: 2031,
  funding: "debit",
  isDefault: true,
  instantAvailable: true,
};

function panel(props: Partial<Parameters<typeof InstantPanel>[0]> = {}) {
  return renderRoute(
    <InstantPanel balance={balance} defaultCard={debitCard} isConnected {...props} />,
    "/Withdrawl",
  );
}

beforeEach(() => signIn());

describe("the instant payout panel", () => {
  it("confirms the amount, the fee and the card before paying out, and retries a lost request with its key", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const calls = fakeServer(({ method, path }) => {
      if (method === "POST" && path === "/users/instant-payout-card") {
        attempts += 1;
        if (attempts === 1) return refused(503, "The processor is not answering.", "UNAVAILABLE");
        return ok(
          { message: "Payout successfully completed", payout: payoutReply() },
          "Payout successfully completed",
        );
      }
      return refused(404, "Not found.");
    });
    panel();

    const amount = screen.getByLabelText("Amount to withdraw");
    await user.clear(amount);
    await user.type(amount, "20.00");
    await user.click(screen.getByRole("button", { name: "Withdraw instantly" }));
    const confirm = screen.getByRole("dialog", { name: "Confirm instant payout" });
    expect(confirm).toHaveTextContent("$20.00");
    expect(confirm).toHaveTextContent("$1.00");
    expect(confirm).toHaveTextContent("$19.00");
    expect(confirm).toHaveTextContent("VISA •••• 5556");
    expect(calls).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Instant payout failed: The processor is not answering.",
    );
    await user.click(screen.getByRole("button", { name: "OK" }));
    await user.click(screen.getByRole("button", { name: "Withdraw instantly" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Confirm instant payout" })).getByRole("button", {
        name: "Confirm",
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Payout successfully completed");

    expect(calls.map((call) => call.body)).toEqual([
      { amount: 2_000, currency: "usd", cardId: "card_1" },
      { amount: 2_000, currency: "usd", cardId: "card_1" },
    ]);
    expect(calls[1]?.headers.get("Idempotency-Key")).toBe(calls[0]?.headers.get("Idempotency-Key"));
  });

  it("checks in the spec's order before anything is sent: a default card, a connected account, a balance", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(() => refused(404, "Not found."));
    const { unmount } = panel({ defaultCard: null });
    await user.click(screen.getByRole("button", { name: "Withdraw instantly" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "No default card found. Please add and set a card as default.",
    );
    unmount();

    panel({ isConnected: false });
    await user.click(screen.getByRole("button", { name: "Withdraw instantly" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Stripe account not connected.");
    expect(calls).toHaveLength(0);
  });

  it("reads the account again when the payout is refused, so a restriction made since the page loaded shows", async () => {
    const user = userEvent.setup();
    let restricted = false;
    const calls = fakeServer(({ method, path }) => {
      if (method === "POST" && path === "/users/instant-payout-card") {
        restricted = true;
        return refused(403, "Your account is restricted.", "FORBIDDEN");
      }
      if (path === "/users/profile") {
        return ok({
          ...profileReply(
            restricted
              ? { reason: "A card payment of yours was disputed.", since: "2026-11-20T10:00:00.000Z" }
              : null,
          ),
          isStripeIntegrated: true,
          stripeConnAccId: "acct_1",
        });
      }
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      return refused(404, "Not found.");
    });
    renderRoute(
      <>
        <RestrictionNotice />
        <InstantPanel balance={balance} defaultCard={debitCard} isConnected />
      </>,
      "/Withdrawl",
    );
    await expect.poll(() => calls.filter((c) => c.path === "/users/profile").length).toBe(1);
    expect(screen.queryByTestId("restriction-notice")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Withdraw instantly" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Confirm instant payout" })).getByRole("button", {
        name: "Confirm",
      }),
    );
    expect(await screen.findByTestId("restriction-notice")).toHaveTextContent(
      "A card payment of yours was disputed.",
    );
    expect(calls.filter((c) => c.path === "/users/profile")).toHaveLength(2);
  });
});
