import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, setProofPrompt } from "./api-client";

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const proofRequired = () =>
  reply(403, { statusCode: 403, message: "Please confirm your password.", code: "PROOF_REQUIRED" });

afterEach(() => {
  vi.unstubAllGlobals();
  setProofPrompt(null);
});

describe("apiRequest and fresh proof", () => {
  it("asks for the current password on PROOF_REQUIRED and sends the change again with it", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(proofRequired())
      .mockResolvedValueOnce(reply(200, { statusCode: 200, message: "Done", data: { ok: true } }));
    vi.stubGlobal("fetch", fetch);
    const prompt = vi.fn().mockResolvedValue("my password");
    setProofPrompt(prompt);

    const result = await apiRequest<{ ok: boolean }>("/users/setDefaultSubaccount", {
      method: "PUT",
      body: { AccountId: "card_1" },
      headers: { "Idempotency-Key": "key-1" },
    });
    expect(result.data).toEqual({ ok: true });
    expect(prompt).toHaveBeenCalledWith("Please confirm your password.");
    const [, second] = fetch.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(second.body))).toEqual({ AccountId: "card_1", currentPassword: "my password" });
    expect((second.headers as Record<string, string>)["Idempotency-Key"]).toBe("key-1-proof");
  });

  it("a body-less call gets a body with the password; a cancelled prompt shows the refusal", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(proofRequired())
      .mockResolvedValueOnce(reply(200, { data: null }));
    vi.stubGlobal("fetch", fetch);
    setProofPrompt(async () => "pw");
    await apiRequest("/users/manual-payout", { method: "POST" });
    expect(JSON.parse(String((fetch.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({
      currentPassword: "pw",
    });

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(proofRequired()));
    setProofPrompt(async () => null);
    await expect(apiRequest("/users/manual-payout", { method: "POST" })).rejects.toMatchObject({
      code: "PROOF_REQUIRED",
    });
  });

  it("does not ask twice: a request that carried a password shows the refusal", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(proofRequired()));
    const prompt = vi.fn().mockResolvedValue("pw");
    setProofPrompt(prompt);
    await expect(
      apiRequest("/users/", { method: "PUT", body: { email: "a@b.co", currentPassword: "x" } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(prompt).not.toHaveBeenCalled();
  });
});
