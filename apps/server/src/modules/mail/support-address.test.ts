import { describe, expect, it } from "vitest";
import { type Mail, type Mailer, withSupportAddress } from "./mailer";
import { noticeMail } from "./templates";

describe("the support address in e-mails", () => {
  it("is the operator's SUPPORT_EMAIL in the text and the HTML, never a placeholder", async () => {
    const sent: Mail[] = [];
    const inner: Mailer = { kind: "dev-mailbox", send: async (mail) => void sent.push(mail) };
    const mailer = withSupportAddress(inner, "help@mx.test");
    await mailer.send(noticeMail("player@mx.test", "Password changed", "Password changed", ["It was you?"]));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.html).toContain("Questions? help@mx.test");
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(/\{support-email\}|\.example/);
  });
});
