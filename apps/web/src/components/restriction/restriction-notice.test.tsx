import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, profileReply, renderRoute, signIn } from "../../test/render-route";
import { RestrictionNotice } from "./restriction-notice";

function serve(restriction: Parameters<typeof profileReply>[0]) {
  fakeServer(({ path }) => {
    if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
    return ok(profileReply(restriction));
  });
}

beforeEach(() => signIn());

describe("the restriction notice", () => {
  it("tells a restricted player what they cannot do, why, since when, and whom to write to", async () => {
    serve({ reason: "A card payment of yours was disputed.", since: "2026-11-20T10:00:00.000Z" });
    renderRoute(<RestrictionNotice />, "/account");
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Your account is restricted");
    expect(notice).toHaveTextContent(
      "You can't pay by card or PayPal or withdraw until support has reviewed your account. Reason: A card payment of yours was disputed.",
    );
    expect(notice).toHaveTextContent(/Restricted since .*2026/);
    expect(await screen.findByRole("link", { name: "help@mx.test" })).toHaveAttribute(
      "href",
      "mailto:help@mx.test",
    );
  });

  it("shows nothing to a player who is not restricted", async () => {
    serve(null);
    const { queryClient } = renderRoute(<RestrictionNotice />, "/account");
    await expect.poll(() => queryClient.getQueryState(["profile"])?.status ?? "done").not.toBe("pending");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
