import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, ok, propertyReply, refused, renderRoute, signIn } from "../../../test/render-route";
import { DevelopPanel } from "./develop-panel";

const option = (kind: string, level: number, name: string, available: boolean, reason: string | null) => ({
  kind,
  level,
  name,
  description: `${name}, described.`,
  price: 10 * level,
  fee: 6,
  tax: 2.99,
  total: 10 * level + 8.99,
  durationSeconds: 3600 * level,
  available,
  reason,
});

beforeEach(() => signIn());

describe("the Develop section", () => {
  it("offers the owner the next development with its price, fee, tax, total and time", async () => {
    const onDevelop = vi.fn();
    const property = propertyReply({ ownerId: "user-1" });
    fakeServer(({ path }) =>
      path === "/properties/developments?propertyId=prop-1"
        ? ok({
            development: property.development,
            options: [
              option("facade", 1, "Facade renovation", true, null),
              option("garden", 2, "Rooftop garden", false, "Build the facade renovation first."),
            ],
          })
        : refused(404, "Not found."),
    );
    renderRoute(<DevelopPanel property={property as never} isOwner onDevelop={onDevelop} />, "/details");

    const section = screen.getByRole("region", { name: "Development" });
    expect(section).toHaveTextContent("Not developed yet");
    const next = await within(section).findByRole("heading", { name: "Next: Facade renovation" });
    expect(next).toBeTruthy();
    expect(
      within(section)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["$10.00", "$2.99", "$6.00", "1 hour", "$18.99"]);
    await userEvent
      .setup()
      .click(within(section).getByRole("button", { name: "Develop: Facade renovation" }));
    expect(onDevelop).toHaveBeenCalledWith(expect.objectContaining({ kind: "facade" }));
  });

  it("tells the owner why the next development cannot be started", async () => {
    const property = propertyReply({ ownerId: "user-1", forSale: true });
    fakeServer(() =>
      ok({
        development: property.development,
        options: [option("facade", 1, "Facade renovation", false, "Cancel the sale before developing it.")],
      }),
    );
    renderRoute(<DevelopPanel property={property as never} isOwner onDevelop={vi.fn()} />, "/details");
    const button = await screen.findByRole("button", { name: "Develop: Facade renovation" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Cancel the sale before developing it.");
  });

  it("disables Develop on a building for sale with the reason, even when the options were read before the ask", async () => {
    const property = propertyReply({ ownerId: "user-1", forSale: true });
    fakeServer(() =>
      ok({
        development: property.development,
        options: [option("facade", 1, "Facade renovation", true, null)],
      }),
    );
    renderRoute(<DevelopPanel property={property as never} isOwner onDevelop={vi.fn()} />, "/details");
    const button = await screen.findByRole("button", { name: "Develop: Facade renovation" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "This building is for sale: cancel the sale before developing it.",
    );
  });

  it("shows everyone the scaffolding and a countdown, and no button to another player", async () => {
    const calls = fakeServer(() => refused(404, "Not found."));
    const completesAt = Math.floor(Date.now() / 1000) + 2 * 3600 + 65;
    const property = propertyReply({
      ownerId: "someone-else",
      development: { level: 1, constructing: true, kind: "garden", completesAt },
    });
    renderRoute(
      <DevelopPanel property={property as never} isOwner={false} onDevelop={vi.fn()} />,
      "/details",
    );
    const section = screen.getByRole("region", { name: "Development" });
    expect(section).toHaveTextContent("Level 1 of 4");
    expect(section).toHaveTextContent("Scaffolding is up: Rooftop garden is being built.");
    expect(section.querySelector(".develop-works__time")?.textContent).toMatch(/^2:01:0[45]$/);
    expect(within(section).getByRole("status")).toHaveTextContent("Rooftop garden: 2 hours 2 minutes left.");
    const steps = within(section).getByRole("list", { name: "Developments" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "✓Facade renovationBuilt",
      "2Rooftop gardenUnder construction",
      "3Crown lightingLater",
      "4Added floorsLater",
    ]);
    expect(within(section).queryByRole("button")).toBeNull();
    // Another player is not offered developments at all.
    expect(calls.some((call) => call.path.startsWith("/properties/developments"))).toBe(false);
  });
});
