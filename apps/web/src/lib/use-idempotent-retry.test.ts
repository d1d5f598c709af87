import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { useIdempotentRetry } from "./use-idempotent-retry";

// The hook only keeps a ref; outside React, a stand-in for useRef/useMemo is enough to exercise its rule.
vi.mock("react", () => ({
  useRef: <T>(value: T) => ({ current: value }),
  useMemo: <T>(make: () => T) => make(),
}));

describe("the idempotent retry rule", () => {
  it("reuses the key after a network failure, for the same request only", () => {
    const retry = useIdempotentRetry();
    const first = retry.keyFor("b1|10|pm_1");
    retry.failed(first, "b1|10|pm_1", new TypeError("Failed to fetch"));
    expect(retry.keyFor("b1|10|pm_1")).toBe(first);
    expect(retry.keyFor("b1|12|pm_1")).not.toBe(first);
  });

  it("keeps the key after a 5xx and while the first attempt is still running", () => {
    const retry = useIdempotentRetry();
    const key = retry.keyFor("x");
    retry.failed(key, "x", new ApiError("Something went wrong", 503, "INTERNAL"));
    expect(retry.keyFor("x")).toBe(key);
    retry.failed(key, "x", new ApiError("Still running", 409, "IDEMPOTENCY_KEY_IN_USE"));
    expect(retry.keyFor("x")).toBe(key);
  });

  it("takes a new key after an answered refusal or a success", () => {
    const retry = useIdempotentRetry();
    const refused = retry.keyFor("x");
    retry.failed(refused, "x", new ApiError("Your card was declined.", 402, "CARD_DECLINED"));
    expect(retry.keyFor("x")).not.toBe(refused);

    const lost = retry.keyFor("y");
    retry.failed(lost, "y", new TypeError("Failed to fetch"));
    retry.succeeded();
    expect(retry.keyFor("y")).not.toBe(lost);
  });
});
