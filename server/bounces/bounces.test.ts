// Bounces read back from a real IMAP server (Debian's Dovecot on loopback), for mail the real delivery
// queue sent to a real SMTP server, through the real composition root, on both databases: each e-mail
// leaves with its own signed return address; a bounce marks its message, blocks the address, tells the
// owner and leaves the mailbox, and /metrics counts it by kind (as it counts each e-mail sent); reading it
// twice changes nothing; a forged bounce, a bounce for a message that has gone, a huge message and a
// mailbox that is down are each ignored with a log line.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { normaliseEmail } from "#core/email.ts";
import { bounceFixture } from "../../tests/support/bounces.ts";
import { startDovecot, type TestDovecot } from "../../tests/support/dovecot.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { addPendingAlert, alertById, alertReference } from "../tables/job-alerts.ts";
import { messagesOf } from "../tables/outbox.ts";
import { addStaff } from "../tables/staff.ts";
import { suppressionOfAddress } from "../tables/suppressions.ts";
import { leadTimeline } from "../tables/timeline.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const enquiriesTo = "sales@cottonopolis.example";
const returnAddress = /^bounces\+[0-9a-f]{32}\.[0-9a-f]{12}@cottonopolis\.example$/;

describe.each(dialects)("bounces on %s", (dialect) => {
  const smtp = new TestSmtp();
  let dovecot: TestDovecot;
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    dovecot = await startDovecot();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ENQUIRIES_TO: enquiriesTo,
      BOUNCE_ADDRESS: "bounces@cottonopolis.example",
      BOUNCE_IMAP_URL: dovecot.url,
    });
  }, 30_000);

  afterEach(() => {
    smtp.messages = [];
  });

  afterAll(async () => {
    await h?.close();
    await dovecot?.stop();
    await smtp.stop();
  });

  /** Posts an enquiry, sends its e-mails, and resolves with its reference and the acknowledgement as sent. */
  async function enquiryWithAcknowledgement(email: string) {
    const response = await postEnquiry(h.url, validEnquiry({ email }));
    const { message } = (await response.json()) as { message: string };
    const reference = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
    await deliverAll(h);
    const acknowledgement = smtp.messages.find((mail) => mail.envelopeTo.includes(email));
    if (!acknowledgement) throw new Error("The acknowledgement was not sent");
    const messageId = /^<([0-9a-f-]{36})@/.exec(acknowledgement.parsed.messageId ?? "")?.[1] ?? "";
    return { reference, returnPath: acknowledgement.envelopeFrom, messageId };
  }

  /** What this process's /metrics counts now: the e-mails sent, or the bounces of one kind applied. */
  async function counted(kind?: "hard" | "soft" | "complaint"): Promise<number> {
    const name = kind ? "site_mail_bounces_total" : "site_mail_sent_total";
    const metric = await h.services.metrics.registry.getSingleMetric(name)?.get();
    return metric?.values.find((value) => value.labels.kind === kind)?.value ?? Number.NaN;
  }

  /** The three kinds of bounce as counted now, to compare before and after. */
  async function bouncesCounted() {
    return {
      hard: await counted("hard"),
      soft: await counted("soft"),
      complaint: await counted("complaint"),
    };
  }

  async function acknowledgementOf(reference: string) {
    const mails = await messagesOf(h.services.db, reference);
    const found = mails.find((mail) => mail.purpose === "acknowledgement");
    if (!found) throw new Error("No acknowledgement");
    return found;
  }

  it("sends each e-mail with its own signed return address, and a bounce read over IMAP marks it, blocks the address and tells the team", async () => {
    const email = `jo.${randomUUID().slice(0, 8)}@example.com`;
    const sentBefore = await counted();
    const sent = await enquiryWithAcknowledgement(email);
    expect(sent.returnPath).toMatch(returnAddress);
    // Each e-mail the mail server took is counted once, for HardBounceRateHigh's share.
    expect(smtp.messages.length).toBeGreaterThan(0);
    expect((await counted()) - sentBefore).toBe(smtp.messages.length);
    // The team's own copy has a return address of its own too.
    const notification = smtp.messages.find((mail) => mail.envelopeTo.includes(enquiriesTo));
    expect(notification?.envelopeFrom).toMatch(returnAddress);
    expect(notification?.envelopeFrom).not.toBe(sent.returnPath);
    // The From header is still the company's.
    expect(smtp.messages[0]?.parsed.from?.text).toContain("cottonopolis.example");

    const bounce = bounceFixture("gmail-unknown-user", { ...sent, recipient: email });
    await dovecot.deliver(bounce);
    const before = await bouncesCounted();
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    // Counted as one hard bounce, by its kind alone: /metrics names neither the address nor the lead.
    expect(await bouncesCounted()).toEqual({ ...before, hard: before.hard + 1 });
    const scraped = await h.services.metrics.registry.metrics();
    expect(scraped).not.toContain(email);
    expect(scraped).not.toContain(sent.reference);

    const mail = await acknowledgementOf(sent.reference);
    expect(mail.state).toBe("not-delivered");
    expect(mail.bounce?.kind).toBe("hard");
    expect(mail.bounce?.reason).toMatch(
      /^550-5\.1\.1 The email account that you tried to reach does not exist/,
    );
    const timeline = await leadTimeline(h.services.db, sent.reference);
    expect(timeline.map((event) => event.action)).toContain("mail-bounced");
    expect((await suppressionOfAddress(h.services.db, normaliseEmail(email)))?.kind).toBe("bounce");
    // The team hears of it at once (the lead has no owner), with the server's words and a link to the lead.
    const notice = (await messagesOf(h.services.db, sent.reference)).find(
      (message) => message.purpose === "bounce-notice",
    );
    expect(notice?.to).toBe(enquiriesTo);
    await deliverAll(h);
    const noticeMail = smtp.messages.find((message) => message.parsed.subject?.startsWith("Not delivered:"));
    expect(noticeMail?.parsed.subject).toBe(
      `Not delivered: the acknowledgement e-mail to the sender (${sent.reference})`,
    );
    expect(noticeMail?.parsed.text).toContain("does not exist");
    expect(noticeMail?.parsed.text).toContain(`/staff/leads/${sent.reference}`);
    expect(noticeMail?.parsed.text).not.toContain(email);
    // Removed from the mailbox once applied.
    expect(await dovecot.count()).toBe(0);

    // The same bounce delivered again (a second copy) is applied once: no second notice, no second count.
    await dovecot.deliver(bounce);
    expect(await h.services.bounces.job.runOnce()).toBe(0);
    expect(await dovecot.count()).toBe(0);
    expect(await bouncesCounted()).toEqual({ ...before, hard: before.hard + 1 });
    const notices = (await messagesOf(h.services.db, sent.reference)).filter(
      (message) => message.purpose === "bounce-notice",
    );
    expect(notices).toHaveLength(1);

    // Nothing more goes to the address: a reply queued to it is refused, never sent.
    smtp.messages = [];
    await h.services.db.transaction((tx) =>
      enqueueEmail(
        tx,
        sent.reference,
        { purpose: "reply", to: email, replyTo: enquiriesTo, subject: "Your quote", body: "Hello" },
        Date.now(),
      ),
    );
    await deliverAll(h);
    expect(smtp.messages.filter((message) => message.envelopeTo.includes(email))).toHaveLength(0);
    const reply = (await messagesOf(h.services.db, sent.reference)).find(
      (message) => message.purpose === "reply",
    );
    expect(reply?.state).toBe("failed");
    expect(reply?.lastError).toMatch(/^Not sent: this address bounced/);

    // Staff correct the address: the timeline says so, the lead is no longer blocked, the old address stays so.
    const staffId = await addStaff(h.services.db, {
      email: `staff.${randomUUID().slice(0, 8)}@cottonopolis.example`,
      name: "Office Manager",
      admin: true,
      vacancies: false,
      userHandle: randomUUID(),
      now: Date.now(),
    });
    const corrected = await h.services.bounces.correctAddress(sent.reference, `fixed.${email}`, {
      id: staffId,
    });
    expect(corrected).toEqual({ ok: true, value: { resent: 0 } });
    expect((await suppressionOfAddress(h.services.db, normaliseEmail(email)))?.kind).toBe("bounce");
    expect((await leadTimeline(h.services.db, sent.reference)).map((event) => event.action)).toContain(
      "email-corrected",
    );
    expect(await h.services.bounces.blockedAddressOf(sent.reference)).toBeNull();
  }, 60_000);

  /** A job alert for a new address, and one alert e-mail to it sent: its return address and id. */
  async function alertWithMail(prefix: string) {
    const id = randomUUID();
    const email = `${prefix}.${id.slice(0, 8)}@example.com`;
    await h.services.db.transaction((tx) =>
      addPendingAlert(tx, {
        id,
        email,
        choices: { services: [], types: [], place: "", frequency: "daily" },
        consent: "test",
        consentHow: "test",
        now: Date.now(),
      }),
    );
    const queueAlert = () =>
      h.services.db.transaction((tx) =>
        enqueueEmail(
          tx,
          alertReference(id),
          { purpose: "job-alert", to: email, replyTo: null, subject: "New vacancies", body: "Jobs" },
          Date.now(),
        ),
      );
    smtp.messages = [];
    await queueAlert();
    await deliverAll(h);
    const sent = smtp.messages.find((mail) => mail.envelopeTo.includes(email));
    const messageId = /^<([0-9a-f-]{36})@/.exec(sent?.parsed.messageId ?? "")?.[1] ?? "";
    return { id, email, queueAlert, returnPath: sent?.envelopeFrom ?? "", messageId };
  }

  it("ends a job alert after three bounces, counting the alerts not sent to its blocked address", async () => {
    const alert = await alertWithMail("alerts");
    await dovecot.deliver(bounceFixture("exim-no-such-domain", { ...alert, recipient: alert.email }));
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    expect(await alertById(h.services.db, alert.id)).not.toBeNull();
    // Two more alerts: neither is sent (the address is blocked), each counts; the third bounce ends it.
    smtp.messages = [];
    await alert.queueAlert();
    await deliverAll(h);
    expect(await alertById(h.services.db, alert.id)).not.toBeNull();
    await alert.queueAlert();
    await deliverAll(h);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(alert.email))).toHaveLength(0);
    expect(await alertById(h.services.db, alert.id)).toBeNull();
  }, 60_000);

  it("ends a person's job alerts at once on a complaint from a feedback loop, and blocks the address", async () => {
    const alert = await alertWithMail("complains");
    await dovecot.deliver(bounceFixture("feedback-loop-complaint", { ...alert, recipient: alert.email }));
    const before = await bouncesCounted();
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    expect(await bouncesCounted()).toEqual({ ...before, complaint: before.complaint + 1 });
    expect(await alertById(h.services.db, alert.id)).toBeNull();
    expect((await suppressionOfAddress(h.services.db, normaliseEmail(alert.email)))?.kind).toBe("complaint");
  }, 60_000);

  it("reads a full mailbox as a bounce for now: marked, nothing blocked", async () => {
    const email = `full.${randomUUID().slice(0, 8)}@example.com`;
    const sent = await enquiryWithAcknowledgement(email);
    await dovecot.deliver(bounceFixture("postfix-mailbox-full", { ...sent, recipient: email }));
    const before = await bouncesCounted();
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    // Counted as soft: it does not count towards HardBounceRateHigh.
    expect(await bouncesCounted()).toEqual({ ...before, soft: before.soft + 1 });
    const mail = await acknowledgementOf(sent.reference);
    expect(mail.state).toBe("sent");
    expect(mail.bounce?.kind).toBe("soft");
    expect(await suppressionOfAddress(h.services.db, normaliseEmail(email))).toBeNull();
  }, 60_000);

  it("ignores a forged bounce (the right shape, a wrong signature), changing nothing", async () => {
    const email = `forged.${randomUUID().slice(0, 8)}@example.com`;
    const sent = await enquiryWithAcknowledgement(email);
    const forged = sent.returnPath.replace(
      /\.([0-9a-f]{12})@/,
      (_, signature: string) => `.${signature.startsWith("0") ? "1" : "0"}${signature.slice(1)}@`,
    );
    await dovecot.deliver(
      bounceFixture("outlook-recipient-not-found", { ...sent, returnPath: forged, recipient: email }),
    );
    const before = await bouncesCounted();
    expect(await h.services.bounces.job.runOnce()).toBe(0);
    expect(await bouncesCounted()).toEqual(before);
    const mail = await acknowledgementOf(sent.reference);
    expect(mail.state).toBe("sent");
    expect(mail.bounce).toBeNull();
    expect(await suppressionOfAddress(h.services.db, normaliseEmail(email))).toBeNull();
    expect((await leadTimeline(h.services.db, sent.reference)).map((event) => event.action)).not.toContain(
      "mail-bounced",
    );
    expect(h.logs.some((line) => String(line.msg).includes("signature is wrong"))).toBe(true);
    expect(await dovecot.count()).toBe(0);
  }, 60_000);

  it("ignores a bounce for a message that no longer exists, and reads one in a charset nobody expects", async () => {
    const paths = (await import("../protection/return-path.ts")).returnPaths(
      "bounces@cottonopolis.example",
      (await import("../protection/return-path.ts")).returnPathKey(h.services.secrets.resultSecret),
    );
    const gone = randomUUID();
    await dovecot.deliver(
      bounceFixture("exim-no-such-domain", {
        returnPath: paths.addressFor(gone),
        recipient: "gone@example.com",
        messageId: gone,
      }),
    );
    expect(await h.services.bounces.job.runOnce()).toBe(0);
    expect(
      h.logs.some((line) => String(line.msg).includes("a bounce for a message that no longer exists")),
    ).toBe(true);

    const email = `charset.${randomUUID().slice(0, 8)}@example.com`;
    const sent = await enquiryWithAcknowledgement(email);
    await dovecot.deliver(bounceFixture("unexpected-charset", { ...sent, recipient: email }));
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    expect((await acknowledgementOf(sent.reference)).state).toBe("not-delivered");
    expect(await dovecot.count()).toBe(0);
  }, 60_000);

  it("leaves a 20 MB message unread, with one log line, and still reads the bounce after it", async () => {
    const huge = Buffer.concat([
      Buffer.from(
        "From: someone@example.com\r\nTo: bounces@cottonopolis.example\r\nSubject: Holiday photos\r\n\r\n",
      ),
      Buffer.alloc(20 * 1024 * 1024, "a"),
    ]);
    await dovecot.deliver(huge);
    const email = `after.${randomUUID().slice(0, 8)}@example.com`;
    const sent = await enquiryWithAcknowledgement(email);
    await dovecot.deliver(bounceFixture("gmail-unknown-user", { ...sent, recipient: email }));
    expect(await h.services.bounces.job.runOnce()).toBe(1);
    expect(await h.services.bounces.job.runOnce()).toBe(0);
    expect(h.logs.filter((line) => String(line.msg).includes("too large to be a bounce"))).toHaveLength(1);
    expect(await dovecot.count()).toBe(1);
  }, 60_000);
});

describe("a bounce mailbox that is down", () => {
  it("fails the run with a log line and no crash; the next run tries again", async () => {
    const dovecot = await startDovecot();
    const url = dovecot.url;
    await dovecot.stop();
    const h = await startHarness("sqlite", {
      BOUNCE_ADDRESS: "bounces@cottonopolis.example",
      BOUNCE_IMAP_URL: url,
    });
    try {
      expect(await h.services.bounces.job.runOnce()).toBe(0);
      expect(h.logs.some((line) => String(line.msg).startsWith("bounce mailbox could not be read"))).toBe(
        true,
      );
    } finally {
      await h.close();
    }
  }, 30_000);
});
