import { alertKindList } from "@mx/shared/schemas/alerts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, refused, renderRoute, signIn } from "../../../test/render-route";
import { AlertSettingsSection } from "./alert-settings-section";

const allOn = Object.fromEntries(alertKindList.map((kind) => [kind, true]));

beforeEach(() => signIn());

describe("Account Settings' Alerts", () => {
  it("shows a labelled checkbox per alert, and saves the ones switched off, saying so", async () => {
    let saved = { ...allOn };
    const calls = fakeServer(({ method, body }) => {
      if (method === "PUT") saved = { ...saved, ...(body as object) };
      return ok(saved, method === "PUT" ? "Your alert settings are saved." : "Alert settings");
    });
    renderRoute(<AlertSettingsSection />, "/Account-settings");
    const region = await screen.findByRole("region", { name: "Alerts" });
    const boxes = await screen.findAllByRole("checkbox");
    expect(boxes).toHaveLength(alertKindList.length);
    expect(region).toContainElement(boxes[0] ?? null);
    const user = userEvent.setup();
    await user.click(screen.getByRole("checkbox", { name: "Someone bids on a building I watch" }));
    await user.click(screen.getByRole("button", { name: "Save alerts" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your alert settings are saved.");
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe("/users/alert-settings");
    expect(put?.body).toEqual({ ...allOn, "watch.bid_placed": false });
    expect(screen.getByRole("checkbox", { name: "Someone bids on a building I watch" })).not.toBeChecked();
    // A change after the save hides the note.
    await user.click(screen.getByRole("checkbox", { name: "A building I watch is sold" }));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says when saving failed, and keeps the player's choice", async () => {
    fakeServer(({ method }) => {
      if (method === "PUT") throw new TypeError("Failed to fetch");
      return ok(allOn);
    });
    renderRoute(<AlertSettingsSection />, "/Account-settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "A building I watch is sold" }));
    await user.click(screen.getByRole("button", { name: "Save alerts" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your alert settings could not be saved. Please try again.",
    );
    expect(screen.getByRole("checkbox", { name: "A building I watch is sold" })).not.toBeChecked();
  });

  it("shows the server's own words when it refuses", async () => {
    fakeServer(({ method }) =>
      method === "PUT" ? refused(400, "watch.sold: Invalid input: expected boolean") : ok(allOn),
    );
    renderRoute(<AlertSettingsSection />, "/Account-settings");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Save alerts" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("watch.sold: Invalid input: expected boolean");
  });
});
