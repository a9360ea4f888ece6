// What the logs keep after the moments that carry secrets and addresses: an invitation link opened
// (however its path is spelled), a sign-in attempt and an e-mail the mail server refuses. The request
// log is the real app's (createApp); the pages are stood in for, since they log nothing themselves.
import type { AddressInfo } from "node:net";
import express from "express";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggablePath } from "#core/loggable-path.ts";
import {
  type Dialect,
  type Harness,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../tests/support/harness.ts";
import { createApp, createHttpServer } from "./app.ts";
import { createLogger } from "./observability/logger.ts";
import { invite } from "./workspace/team.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

describe("loggablePath", () => {
  const token = "Qm9vdHN0cmFwLXRva2VuLTQzLWNoYXJzLWxvbmctYWJj";

  it("redacts an invitation's token however the workspace's path is spelled", () => {
    expect(loggablePath(`/staff/invitation/${token}`)).toBe("/staff/invitation/:redacted");
    expect(loggablePath(`/STAFF/Invitation/${token}`)).toBe("/STAFF/Invitation/:redacted");
    expect(loggablePath(`/%73taff/invitation/${token}`)).toBe("/%73taff/invitation/:redacted");
    expect(loggablePath(`//staff//invitation/${token}/`)).toBe("//staff//invitation/:redacted/");
    // Even a token that looks like a word.
    expect(loggablePath("/staff/invitation/welcome")).toBe("/staff/invitation/:redacted");
  });

  it("keeps the workspace's words, references and numbers, and redacts any other segment there", () => {
    expect(loggablePath("/staff/leads/ENQ-7K2M9Q/documents/12")).toBe("/staff/leads/ENQ-7K2M9Q/documents/12");
    expect(loggablePath("/staff/export.csv")).toBe("/staff/export.csv");
    expect(loggablePath("/staff/sign-in")).toBe("/staff/sign-in");
    expect(loggablePath(`/staff/${token}`)).toBe("/staff/:redacted");
    expect(loggablePath("/staff/x_9f8e7d6c")).toBe("/staff/:redacted");
  });

  it("redacts an e-mail address anywhere and leaves the public pages' paths as they are", () => {
    expect(loggablePath("/contact/jo%40example.com")).toBe("/contact/:redacted");
    expect(loggablePath("/staff/people/jo@example.com")).toBe("/staff/people/:redacted");
    expect(loggablePath("/services/office-cleaning")).toBe("/services/office-cleaning");
    expect(loggablePath("/assets/entry.client-Ab12_cd.js")).toBe("/assets/entry.client-Ab12_cd.js");
  });
});

/** A real SMTP server that refuses every recipient, naming them, as many do ("550 <jo@...>: unknown"). */
async function refusingSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      callback(
        Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        }),
      ),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dialects)("the logs on %s", (dialect) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof refusingSmtp>>;

  beforeAll(async () => {
    smtp = await refusingSmtp();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_MAX_ATTEMPTS: "2",
      ENQUIRIES_TO: "enquiries.desk@cottonopolis.example",
    });
  });

  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it("keep no invitation token, query string or address after an invitation, a sign-in and a failed send", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    const staffEmail = "ada.lovelace@cottonopolis.example";
    const { token } = await invite(h.services.db, { email: staffEmail, name: "Ada Lovelace" }, Date.now());
    const workspace = h.services.app.workspace;
    // Stand-ins for the invitation page and the passkey endpoint, answering from the real workspace.
    const pages = express.Router();
    pages.get("/staff/invitation/:token", async (req, res) => {
      const found = await workspace.findInvitation(req.params.token);
      res.status(found ? 200 : 404).send(found ? "Add your passkey" : "Not found");
    });
    pages.post("/staff/passkey", express.json(), (_req, res) => {
      res.status(400).json({ message: "That passkey is not one of ours." });
    });
    const app = createApp({
      // Anything the stand-ins do not answer reaches React Router, which fails here: the error is logged too.
      build: () => Promise.reject(new Error("No pages in this test")),
      mode: "test",
      logger,
      before: [pages],
      ownOrigins: ["http://127.0.0.1"],
    });
    const server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/staff/invitation/${token}?email=${staffEmail}`)).status).toBe(200);
      // Other spellings of the same path (whatever the workspace's guard makes of them), and one that
      // reaches React Router.
      await fetch(`${url}/STAFF/invitation/${token}`);
      await fetch(`${url}/%73taff/invitation/${token}/`);
      expect((await fetch(`${url}/staff/invitation/${token}/more`)).status).toBe(500);
      const signIn = await fetch(`${url}/staff/passkey?next=/staff&login=${staffEmail}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: url },
        body: JSON.stringify({ email: staffEmail, id: token }),
      });
      expect(signIn.status).toBe(400);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(5);
    expect(requests[0]).toMatchObject({ method: "GET", path: "/staff/invitation/:redacted", status: 200 });
    for (const line of requests.slice(1, 4))
      expect(line.path).toMatch(/^\/+(staff|STAFF|%73taff)\/invitation\/:redacted/);
    expect(requests[3]).toMatchObject({ path: "/staff/invitation/:redacted/more", status: 500 });
    expect(requests[4]).toMatchObject({ method: "POST", path: "/staff/passkey", status: 400 });
    const errors = lines.filter((line) => line.msg === "unhandled error");
    expect(errors).toContainEqual(expect.objectContaining({ path: "/staff/invitation/:redacted/more" }));
    for (const line of errors) expect(line.path).toMatch(/invitation\/:redacted/);

    // A send the mail server refuses, retried once and then failed for good, naming the recipients.
    const visitor = "grace.hopper@example.org";
    const response = await postEnquiry(h.url, validEnquiry({ email: visitor }));
    expect(response.status).toBe(200);
    await expect
      .poll(() => h.logs.filter((line) => String(line.msg).startsWith("mail failed for good")).length, {
        timeout: 10_000,
      })
      .toBe(2);
    const failures = h.logs.filter((line) => typeof line.error === "string");
    expect(failures.length).toBeGreaterThanOrEqual(4);
    for (const line of failures) expect(line.error).toContain("[address]");
    // What staff see of the failure is as free of addresses as the log.
    const stored = await h.services.db.all<{ last_error: string }>(
      "SELECT last_error FROM outbox WHERE status = 'failed'",
    );
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const row of stored) expect(row.last_error).toMatch(/Recipient address rejected/);

    const everything = JSON.stringify([...lines, ...h.logs]) + JSON.stringify(stored);
    expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/email=|login=|next=/);
    for (const address of [staffEmail, visitor, "enquiries.desk@cottonopolis.example"]) {
      expect(everything).not.toContain(address);
    }
    expect(everything).not.toMatch(/[\w.-]+@[\w-]+\.[\w.]+/);
  });
});
