import { describe, expect, it } from "vitest";
import { describeActivity } from "./activity-text";
import { activityTypes } from "./schemas/live";

const bid = { bidId: "b1", buildingId: "way/1", propertyName: "Test Tower", bidAmount: 1234.5 };

describe("describeActivity", () => {
  it("words every private event and links it to what it is about: the bid, the building, the payout", () => {
    expect(
      describeActivity({ type: "bid.received", payload: { ...bid, bidderName: "Grace Hopper" } }),
    ).toEqual({
      title: "Bid received",
      body: "Grace Hopper bid $1,234.50 on Test Tower.",
      url: "/bids?tab=sell&bid=b1",
    });
    expect(describeActivity({ type: "bid.declined", payload: bid }).url).toBe("/bids?tab=buy&bid=b1");
    expect(describeActivity({ type: "bid.expired", payload: { ...bid, role: "owner" } }).url).toBe(
      "/bids?tab=sell&bid=b1",
    );
    expect(describeActivity({ type: "bid.outbid", payload: { ...bid, newBidAmount: 1300 } }).body).toBe(
      "Someone bid $1,300.00 on Test Tower, more than your $1,234.50.",
    );
    expect(describeActivity({ type: "bid.accepted", payload: bid }).url).toBe(
      "/Property-Details?id=way%2F1&name=Test%20Tower",
    );
    expect(
      describeActivity({ type: "payout.paid", payload: { payoutId: "p", amount: 20, instant: true } }),
    ).toMatchObject({ title: "Payout paid", url: "/Withdrawl?payout=p" });
    expect(
      describeActivity({
        type: "payout.failed",
        payload: { payoutId: "p", amount: 20, instant: false, reason: "The card was declined" },
      }).body,
    ).toBe("Your $20.00 withdrawal failed: The card was declined");
    expect(
      describeActivity({
        type: "development.completed",
        payload: {
          buildingId: "way/1",
          propertyName: "Test Tower",
          kind: "garden",
          name: "Rooftop garden",
          level: 2,
          price: 1100,
        },
      }),
    ).toEqual({
      title: "Construction finished",
      body: "Rooftop garden of Test Tower is finished: it is now worth $1,100.00.",
      url: "/Property-Details?id=way%2F1&name=Test%20Tower",
    });
  });

  it("words a moderator's warning, leading to the building or to the rules", () => {
    expect(
      describeActivity({
        type: "account.warned",
        payload: { message: "Keep names civil.", buildingId: "way/1", propertyName: "Test Tower" },
      }),
    ).toEqual({
      title: "A warning from the moderators",
      body: "About the name of Test Tower: Keep names civil.",
      url: "/Property-Details?id=way%2F1&name=Test%20Tower",
    });
    expect(
      describeActivity({
        type: "account.warned",
        payload: { message: "Keep names civil.", buildingId: null, propertyName: null },
      }),
    ).toMatchObject({ body: "About your name: Keep names civil.", url: "/terms" });
  });

  it("words the offer wall's credits and reversals, linking to the wall", () => {
    expect(
      describeActivity({
        type: "offer.credited",
        payload: { offerName: "City parks survey", amount: 2.5, repaid: 0 },
      }),
    ).toEqual({
      title: "Credits arrived",
      body: "City parks survey: $2.50 of credits to spend on buildings.",
      url: "/offerwall",
    });
    expect(
      describeActivity({ type: "offer.reversed", payload: { offerName: "Survey", amount: 10, debt: 8 } })
        .body,
    ).toBe("The partner took back Survey: $10.00 of credits, $8.00 of it owed from your next credits.");
  });

  it("words each watch alert and links it to the building's details", () => {
    const building = { buildingId: "way/1", propertyName: "Test Tower" };
    const url = "/Property-Details?id=way%2F1&name=Test%20Tower";
    const development = { kind: "garden", name: "Rooftop garden", level: 2 };
    const cases = [
      [{ type: "watch.listed", payload: { ...building, ask: 900 } }, "Test Tower is for sale at $900.00."],
      [
        { type: "watch.ask_lowered", payload: { ...building, oldAsk: 900, newAsk: 750.5 } },
        "The ask for Test Tower dropped from $900.00 to $750.50.",
      ],
      [{ type: "watch.sold", payload: { ...building, price: 1200 } }, "Test Tower sold for $1,200.00."],
      [
        { type: "watch.bid_placed", payload: { ...building, bidAmount: 950 } },
        "Someone bid $950.00 on Test Tower.",
      ],
      [
        { type: "watch.development_started", payload: { ...building, ...development, completesAt: 1 } },
        "Rooftop garden of Test Tower has begun.",
      ],
      [
        { type: "watch.development_finished", payload: { ...building, ...development, price: 1100 } },
        "Rooftop garden of Test Tower is finished: it is now worth $1,100.00.",
      ],
    ] as const;
    for (const [activity, body] of cases) {
      expect(describeActivity(activity)).toMatchObject({ body, url });
    }
  });

  it("words a completed collection for its holder and its watchers, and the last building for sale", () => {
    const base = {
      collectionId: "skyline-inwood",
      collectionName: "The skyline of Inwood",
      holderName: "grace",
    };
    expect(describeActivity({ type: "collection.completed", payload: { ...base, role: "holder" } })).toEqual({
      title: "Collection completed",
      body: "You own every building of The skyline of Inwood: the collection is yours.",
      url: "/collections/skyline-inwood",
    });
    expect(
      describeActivity({ type: "collection.completed", payload: { ...base, role: "watcher" } }).body,
    ).toBe("grace completed The skyline of Inwood, which has a building you watch.");
    expect(
      describeActivity({
        type: "collection.one_short_listed",
        payload: {
          collectionId: "skyline-inwood",
          collectionName: "The skyline of Inwood",
          buildingId: "way/1",
          propertyName: "Test Tower",
          ask: 250,
        },
      }),
    ).toEqual({
      title: "The last building is for sale",
      body: "The last building of The skyline of Inwood, Test Tower, is for sale at $250.00.",
      url: "/Property-Details?id=way%2F1&name=Test%20Tower",
    });
  });

  it("has words for each event type", () => {
    expect(activityTypes).toHaveLength(21);
  });
});
