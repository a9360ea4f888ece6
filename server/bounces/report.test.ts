// The bounces the big providers send, read as a person at the company would: for good or for now, and
// in the receiving server's own words without the address in them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type BounceFixture, bounceFixture } from "../../tests/support/bounces.ts";
import { readBounce } from "./report.ts";

const message = {
  returnPath: "bounces+0123456789abcdef0123456789abcdef.0123456789ab@cottonopolis.example",
  recipient: "jo.bloggs@example.com",
  messageId: randomUUID(),
};

async function read(name: BounceFixture) {
  const report = await readBounce(bounceFixture(name, message));
  if (!report) throw new Error(`${name} was not read as a bounce`);
  return report;
}

describe("readBounce", () => {
  it("reads Gmail's unknown user as a bounce for good, in Gmail's words", async () => {
    const report = await read("gmail-unknown-user");
    expect(report.kind).toBe("hard");
    expect(report.status).toBe("5.1.1");
    expect(report.reason).toMatch(/^550-5\.1\.1 The email account that you tried to reach does not exist/);
    expect(report.searchable).toContain(message.returnPath);
  });

  it("reads Microsoft 365's recipient not found as a bounce for good", async () => {
    const report = await read("outlook-recipient-not-found");
    expect(report.kind).toBe("hard");
    expect(report.status).toBe("5.1.10");
    expect(report.reason).toContain("RESOLVER.ADR.RecipientNotFound");
  });

  it("reads Postfix's full mailbox as a bounce for now, without the address", async () => {
    const report = await read("postfix-mailbox-full");
    expect(report.kind).toBe("soft");
    expect(report.status).toBe("5.2.2");
    expect(report.reason).toContain("Mailbox full");
    expect(report.reason).not.toContain("jo.bloggs");
    expect(report.reason).toContain("[address]");
  });

  it("reads Exim's bounce without a report as a bounce for good, from its words", async () => {
    const report = await read("exim-no-such-domain");
    expect(report.kind).toBe("hard");
    expect(report.reason).toContain("Unrouteable address");
  });

  it("reads a feedback loop's report as a complaint", async () => {
    const report = await read("feedback-loop-complaint");
    expect(report.kind).toBe("complaint");
    expect(report.reason).toBe("Reported as abuse by the recipient");
  });

  it("reads a report in a charset nobody expects from its plain fields", async () => {
    const report = await read("unexpected-charset");
    expect(report.kind).toBe("hard");
    expect(report.status).toBe("5.1.1");
    expect(report.searchable).toContain(message.returnPath);
  });

  it("is the same bounce each time it is read, and another bounce is another", async () => {
    const raw = bounceFixture("gmail-unknown-user", message);
    expect((await readBounce(raw))?.key).toBe((await readBounce(raw))?.key);
    expect((await read("gmail-unknown-user")).key).not.toBe((await read("gmail-unknown-user")).key);
  });

  it("does not take an out-of-office reply, a delivered report or noise for a bounce", async () => {
    const outOfOffice = Buffer.from(
      `From: Jo Bloggs <jo.bloggs@example.com>\r\nTo: ${message.returnPath}\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nI am away until Monday.\r\n`,
    );
    expect(await readBounce(outOfOffice)).toBeNull();
    const delivered = bounceFixture("gmail-unknown-user", message)
      .toString("latin1")
      .replace("Action: failed", "Action: delivered")
      .replace("Status: 5.1.1", "Status: 2.0.0");
    expect(await readBounce(Buffer.from(delivered, "latin1"))).toBeNull();
    expect(await readBounce(Buffer.from([0, 1, 2, 255, 254, 10, 13]))).toBeNull();
    expect(await readBounce(Buffer.alloc(0))).toBeNull();
  });
});
