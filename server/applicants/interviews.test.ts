// Interviews against a real SQLite file and the real PostgreSQL server, with a real SMTP server on
// loopback and the clock moved by hand: the invitation, its update and its cancellation reach the
// applicant as calendar invitations that land at the right UK time, with one UID and a rising SEQUENCE;
// bad input is refused in words; the workspace's lists and the inbox's marker say what is coming.
import ical, { type VEvent } from "node-ical";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  deliverAll,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import type { ApplicantLinks } from "../delivery/emails.ts";
import { applicantLinkKey, applicantLinkUrl } from "../protection/applicant-link.ts";
import { listLeads } from "../tables/leads/search.ts";
import type { StaffMember } from "../workspace/sessions.ts";
import { invite as inviteStaff } from "../workspace/team.ts";
import { calendarUid } from "./calendar.ts";
import type { InterviewForm } from "./interview-form.ts";
import { cancelScheduledInterviews, createInterviews } from "./interviews.ts";

const applicationsInbox = "jobs@cottonopolis.example";
const publicUrl = "https://www.cottonopolis.example";
const hour = 60 * 60 * 1000;

const links: ApplicantLinks = (application, at) => ({
  url: applicantLinkUrl(applicantLinkKey("a-test-secret"), publicUrl, application, at, 90),
  expiresAt: at + 90 * 24 * hour,
});

/** The invitation form as staff fill it in. */
function form(overrides: Partial<InterviewForm> = {}): InterviewForm {
  return {
    date: "2027-03-26",
    time: "10:00",
    minutes: "45",
    placeKind: "office",
    place: "",
    meetWith: "Olive Hughes",
    note: "Please bring your passport.",
    ...overrides,
  };
}

type Parsed = VEvent & { method?: string };

describe.each<Dialect>(["sqlite", "postgres"])("interviews on %s", { timeout: 30_000 }, (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;
  // Friday 19 March 2027, 12:00 UTC (12:00 GMT in London).
  let now = Date.parse("2027-03-19T12:00:00Z");

  beforeEach(async () => {
    await smtp.start();
    smtp.messages = [];
    now = Date.parse("2027-03-19T12:00:00Z");
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APPLICATIONS_TO: applicationsInbox,
      PUBLIC_URL: publicUrl,
    });
  });
  afterEach(async () => {
    await h.close();
    await smtp.stop();
  });

  const interviews = () =>
    createInterviews({
      db: h.services.db,
      applicantLinks: links,
      replyTo: applicationsInbox,
      clock: () => now,
    });

  async function member(name: string): Promise<StaffMember> {
    const email = `${name.toLowerCase()}@cottonopolis.example`;
    const { staffId } = await inviteStaff(h.services.db, { email, name }, Date.now());
    return { id: staffId, email, name, isAdmin: false, sessionHash: "", confirmedAt: 0 };
  }

  async function application(fields: Record<string, string> = {}) {
    const response = await postApplication(h.url, applicationForm(applicationFields(fields)));
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    return /APP-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
  }

  /** Sends everything queued, and returns what the SMTP server received since `from`. */
  async function delivered(from = 0) {
    await deliverAll(h);
    return smtp.messages.slice(from);
  }

  function calendarOf(mail: { parsed: { attachments: { filename?: string; content: Buffer }[] } }) {
    const attachment = mail.parsed.attachments.find((a) => a.filename === "invitation.ics");
    if (!attachment) throw new Error("No invitation.ics attached");
    const text = attachment.content.toString("utf8");
    const event = Object.values(ical.sync.parseICS(text)).find((item) => item?.type === "VEVENT");
    if (!event) throw new Error("No event in the invitation");
    return { text, event: event as Parsed };
  }

  /** The interview e-mails about `reference` received since the last call. */
  async function interviewMails(reference: string) {
    const mails = (await delivered()).filter(
      (mail) =>
        (mail.parsed.subject ?? "").includes(reference) && /^Interview /.test(mail.parsed.subject ?? ""),
    );
    smtp.messages = [];
    return mails;
  }

  it("invites, moves and cancels with calendar invitations that keep one UID, raise the SEQUENCE and land at the right UK time", async () => {
    const olive = await member("Olive");
    const reference = await application({ firstName: "Zoë", email: "zoe.nowak@example.co.uk" });
    await delivered();
    smtp.messages = [];

    const invited = await interviews().invite(reference, form(), olive);
    expect(invited).toMatchObject({ ok: true, value: { status: "moved" } });
    if (!invited.ok) return;
    const [invitation] = await interviewMails(reference);
    expect(invitation?.envelopeTo).toEqual(["zoe.nowak@example.co.uk"]);
    expect(invitation?.parsed.subject).toBe(
      `Interview invitation: Friday 26 March 2027 at 10:00 (${reference})`,
    );
    expect(invitation?.parsed.from?.value[0]?.address).toBe(site.email);
    expect(invitation?.parsed.replyTo?.value[0]?.address).toBe(applicationsInbox);
    const text = invitation?.parsed.text ?? "";
    expect(text).toMatch(/^Dear Zoë,/);
    expect(text).toContain("When: Friday 26 March 2027, 10:00 to 10:45 (UK time)");
    expect(text).toContain(`Where: At our office: ${site.address.street}`);
    expect(text).toContain("You will meet: Olive Hughes");
    expect(text).toContain("Please bring your passport.");
    expect(text).toContain(`"I'll be there" or "I need another time"`);
    expect(text).toContain(`${publicUrl}/your-application?link=${reference}.`);
    // It ends with the applicant's footer: who sent it and how to stop it.
    expect(text.trimEnd()).toMatch(/To stop hearing from us, .*reply to this e-mail\.$/);
    // The calendar part calendars read as an invitation, and the same as an attachment.
    expect(invitation?.raw).toMatch(/Content-Type: text\/calendar;[^\r\n]*method=REQUEST/i);
    const first = calendarOf(invitation ?? { parsed: { attachments: [] } });
    expect(first.text).toContain("\r\nMETHOD:REQUEST\r\n");
    expect(first.event.uid).toBe(calendarUid(invited.value.uid));
    expect(Number(first.event.sequence)).toBe(0);
    expect(first.event.start.toISOString()).toBe("2027-03-26T10:00:00.000Z");
    expect(first.event.end?.toISOString()).toBe("2027-03-26T10:45:00.000Z");

    // Moved past the clock change: 10:00 on Monday 29 March is 09:00 UTC.
    const moved = await interviews().move(reference, invited.value.uid, form({ date: "2027-03-29" }), olive);
    expect(moved).toEqual({ ok: true, value: null });
    const [update] = await interviewMails(reference);
    expect(update?.parsed.subject).toBe(`Interview moved to Monday 29 March 2027 at 10:00 (${reference})`);
    expect(update?.parsed.text).toContain("(it was on Friday 26 March 2027, 10:00 to 10:45 (UK time))");
    expect(update?.raw).toMatch(/Content-Type: text\/calendar;[^\r\n]*method=REQUEST/i);
    const second = calendarOf(update ?? { parsed: { attachments: [] } });
    expect(second.event.uid).toBe(first.event.uid);
    expect(Number(second.event.sequence)).toBe(1);
    expect(second.event.start.toISOString()).toBe("2027-03-29T09:00:00.000Z");

    const cancelled = await interviews().cancel(reference, invited.value.uid, olive);
    expect(cancelled).toEqual({ ok: true, value: null });
    const [cancellation] = await interviewMails(reference);
    expect(cancellation?.parsed.subject).toBe(
      `Interview cancelled: Monday 29 March 2027 at 10:00 (${reference})`,
    );
    expect(cancellation?.raw).toMatch(/Content-Type: text\/calendar;[^\r\n]*method=CANCEL/i);
    const third = calendarOf(cancellation ?? { parsed: { attachments: [] } });
    expect(third.text).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(third.event.uid).toBe(first.event.uid);
    expect(Number(third.event.sequence)).toBe(2);
    expect(third.event.status).toBe("CANCELLED");

    // The timeline says each step, in Olive's name, with when and where; the application moved to Interview.
    const lead = await h.services.app.workspace.inbox.open(reference, olive);
    expect(lead?.status).toBe("interview");
    const lines = (lead?.timeline ?? []).map((event) => [event.action, event.who, event.detail]);
    expect(lines).toContainEqual([
      "interview-invited",
      "Olive",
      "Friday 26 March 2027, 10:00 to 10:45 (UK time), at our office, with Olive Hughes",
    ]);
    expect(lines).toContainEqual(["status-changed", "Olive", "new → interview"]);
    expect(lines).toContainEqual([
      "interview-moved",
      "Olive",
      "now Monday 29 March 2027, 10:00 to 10:45 (UK time), at our office, with Olive Hughes (was Friday 26 March 2027, 10:00 to 10:45 (UK time))",
    ]);
    expect(lines).toContainEqual([
      "interview-cancelled",
      "Olive",
      "Monday 29 March 2027, 10:00 to 10:45 (UK time), at our office, with Olive Hughes",
    ]);
    // Each e-mail is on the lead's delivery list as an interview e-mail, sent.
    expect(lead?.mails.filter((mail) => mail.purpose === "interview").map((mail) => mail.state)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
  });

  it("books in UK time around the autumn change: the first of the hour that comes twice, and GMT after it", async () => {
    const olive = await member("Olive");
    const reference = await application();
    now = Date.parse("2027-10-20T12:00:00Z");
    const friday = await interviews().invite(reference, form({ date: "2027-10-29" }), olive);
    // 01:00 to 01:30 comes twice that night: booked, it is the first (BST); across the change, refused.
    const night = await interviews().invite(
      reference,
      form({ date: "2027-10-31", time: "01:00", minutes: "30" }),
      olive,
    );
    expect(await interviews().invite(reference, form({ date: "2027-10-31", time: "01:30" }), olive)).toEqual({
      ok: false,
      field: "time",
      problem:
        "The clocks go back an hour during that interview, in the early hours of Sunday 31 October 2027. Choose a time after the change.",
    });
    const monday = await interviews().invite(
      reference,
      form({ date: "2027-11-01", placeKind: "video", place: "https://meet.example.com/abc-defg-hij" }),
      olive,
    );
    expect([friday.ok, night.ok, monday.ok]).toEqual([true, true, true]);
    // The three are sent together, so they may arrive in any order: read them in the order of the interviews.
    const mails = (await interviewMails(reference)).sort(
      (a, b) => calendarOf(a).event.start.getTime() - calendarOf(b).event.start.getTime(),
    );
    const events = mails.map((mail) => calendarOf(mail));
    expect(events.map(({ event }) => event.start.toISOString())).toEqual([
      "2027-10-29T09:00:00.000Z",
      expect.any(String),
      "2027-11-01T10:00:00.000Z",
    ]);
    // The invitation writes the UK wall time, which RFC 5545 reads as the first of the two (BST), as it
    // was stored and written in words.
    expect(events[1]?.text).toContain("\r\nDTSTART;TZID=Europe/London:20271031T010000\r\n");
    expect(events[1]?.text).toContain("\r\nDTEND;TZID=Europe/London:20271031T013000\r\n");
    if (!night.ok) return;
    const [stored] = await h.services.db.all<{ starts_at: number }>(
      "SELECT starts_at FROM interviews WHERE uid = ?",
      [night.value.uid],
    );
    expect(new Date(Number(stored?.starts_at)).toISOString()).toBe("2027-10-31T00:00:00.000Z");
    expect(mails[1]?.parsed.text).toContain("When: Sunday 31 October 2027, 01:00 to 01:30 (UK time)");
    expect(mails[2]?.parsed.text).toContain(
      "Where: By video call: join with this link at the time: https://meet.example.com/abc-defg-hij",
    );
    // Already at Interview: the second and third leave the status alone.
    expect(night).toMatchObject({ ok: true, value: { status: "kept" } });
  });

  it("refuses bad input in words, naming the field, and changes nothing", async () => {
    const olive = await member("Olive");
    const reference = await application();
    const other = await application();
    const theirs = await interviews().invite(other, form(), olive);
    if (!theirs.ok) throw new Error(theirs.problem);
    const enquiry = await postEnquiry(h.url, validEnquiry());
    const enquiryReference = /ENQ-[0-9A-Z]{6}/.exec(
      ((await enquiry.json()) as { message: string }).message,
    )?.[0];
    await delivered();
    const [before] = await h.services.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox");

    const refused = async (overrides: Partial<InterviewForm>) =>
      interviews().invite(reference, form(overrides), olive);
    expect(await refused({ date: "2027-03-18" })).toEqual({
      ok: false,
      field: "date",
      problem: "That time has already passed. Choose a date and time still to come.",
    });
    expect(await refused({ date: "2027-03-28", time: "01:30" })).toMatchObject({
      ok: false,
      field: "time",
      problem: expect.stringContaining("the clocks go forward an hour that night"),
    });
    expect(await refused({ date: "next tuesday" })).toMatchObject({ ok: false, field: "date" });
    expect(await refused({ minutes: "4" })).toMatchObject({ ok: false, field: "minutes" });
    expect(await refused({ minutes: "241" })).toMatchObject({
      ok: false,
      field: "minutes",
      problem: "Give the interview's length in minutes, from 5 to 240.",
    });
    expect(await refused({ placeKind: "pub" })).toMatchObject({ ok: false, field: "placeKind" });
    expect(await refused({ placeKind: "video", place: "http://meet.example.com/abc" })).toMatchObject({
      ok: false,
      field: "place",
      problem: expect.stringContaining("https://"),
    });
    expect(
      await refused({ placeKind: "video", place: "https://user:secret@meet.example.com/abc" }),
    ).toMatchObject({
      ok: false,
      field: "place",
    });
    expect(await refused({ placeKind: "phone", place: "+1 212 555 0100" })).toMatchObject({
      ok: false,
      field: "place",
      problem: expect.stringContaining("UK phone number"),
    });
    expect(await refused({ placeKind: "address", place: "  " })).toMatchObject({ ok: false, field: "place" });
    expect(await refused({ meetWith: "" })).toMatchObject({ ok: false, field: "meetWith" });
    expect(await refused({ note: "x".repeat(2001) })).toEqual({
      ok: false,
      field: "note",
      problem: "The note must be 2000 characters or fewer (it has 2001).",
    });
    expect(await refused({ note: "Hello\u0000there" })).toMatchObject({ ok: false, field: "note" });

    // An interview that is not this application's, or none at all.
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const uid of [unknown, theirs.value.uid]) {
      expect(await interviews().move(reference, uid, form(), olive)).toMatchObject({
        ok: false,
        missing: "interview",
      });
      expect(await interviews().cancel(reference, uid, olive)).toMatchObject({
        ok: false,
        missing: "interview",
      });
    }
    expect(await interviews().invite("APP-ZZZZZZ", form(), olive)).toMatchObject({
      ok: false,
      missing: "application",
    });
    expect(await interviews().invite(enquiryReference ?? "", form(), olive)).toEqual({
      ok: false,
      problem: "Only job applications have interviews.",
    });
    // Never spam, never an application the applicant withdrew.
    await h.services.db.run("UPDATE applications SET status = 'spam' WHERE reference = ?", [reference]);
    expect(await refused({})).toMatchObject({
      ok: false,
      problem: expect.stringContaining("spam is never mailed"),
    });
    await h.services.db.run("UPDATE applications SET status = 'withdrawn' WHERE reference = ?", [reference]);
    expect(await refused({})).toMatchObject({ ok: false, problem: expect.stringContaining("withdrew") });
    // Once its time has come, an interview can be neither moved nor cancelled.
    now = Date.parse("2027-03-26T10:00:00Z");
    expect(await interviews().cancel(other, theirs.value.uid, olive)).toMatchObject({
      ok: false,
      problem: expect.stringContaining("time has already come"),
    });

    const [after] = await h.services.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox");
    expect(Number(after?.n)).toBe(Number(before?.n));
    const [count] = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM interviews WHERE reference = ?",
      [reference],
    );
    expect(Number(count?.n)).toBe(0);
  });

  it("cancels, in the caller's transaction, the coming interviews of an application the applicant withdrew", async () => {
    const olive = await member("Olive");
    const reference = await application();
    const soon = await interviews().invite(reference, form({ date: "2027-03-22" }), olive);
    const later = await interviews().invite(reference, form({ date: "2027-04-06" }), olive);
    if (!soon.ok || !later.ok) throw new Error("not invited");
    await delivered();
    const from = smtp.messages.length;
    // The first one has happened by the time they withdraw.
    now = Date.parse("2027-03-23T09:00:00Z");
    const count = await h.services.db.transaction(async (tx) => {
      await tx.run("UPDATE applications SET status = 'withdrawn' WHERE reference = ?", [reference]);
      return cancelScheduledInterviews(tx, { reference, now, links, replyTo: applicationsInbox });
    });
    expect(count).toBe(1);
    const mails = await delivered(from);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.text).toContain(
      "As you have withdrawn your application, we have cancelled your interview",
    );
    const { event, text } = calendarOf(mails[0] ?? { parsed: { attachments: [] } });
    expect(text).toContain("METHOD:CANCEL");
    expect(event.uid).toBe(calendarUid(later.value.uid));
    expect(Number(event.sequence)).toBe(1);
    const [left] = await h.services.db.all<{ status: string }>(
      "SELECT status FROM interviews WHERE uid = ?",
      [soon.value.uid],
    );
    expect(left?.status).toBe("scheduled");
    const lead = await h.services.app.workspace.inbox.open(reference, olive);
    expect(lead?.timeline.find((e) => e.action === "interview-cancelled")).toMatchObject({
      who: null,
      detail: expect.stringContaining("; the applicant withdrew"),
    });
  });

  it("lists today's, this week's and next week's interviews for everyone and for Mine, each application's on its page, and marks the inbox", async () => {
    const olive = await member("Olive");
    const sam = await member("Sam");
    const mine = await application({ firstName: "Aisha", lastName: "Khan" });
    const owned = await application({ firstName: "Priya", lastName: "Shah" });
    const others = await application({ firstName: "Daniel", lastName: "Moore" });
    await h.services.app.workspace.inbox.assign(owned, olive.id, olive);
    // Wednesday 24 March 2027, 08:00 in London.
    now = Date.parse("2027-03-24T08:00:00Z");
    const today = await interviews().invite(mine, form({ date: "2027-03-24", time: "14:00" }), olive);
    const friday = await interviews().invite(owned, form({ date: "2027-03-26", meetWith: "Sam" }), sam);
    const nextWeek = await interviews().invite(
      others,
      form({ date: "2027-03-30", placeKind: "phone", place: "07700 900123", meetWith: "Sam" }),
      sam,
    );
    const farOff = await interviews().invite(others, form({ date: "2027-04-14" }), sam);
    const called = await interviews().invite(mine, form({ date: "2027-03-25" }), olive);
    if (!today.ok || !friday.ok || !nextWeek.ok || !farOff.ok || !called.ok) throw new Error("not invited");
    await interviews().cancel(mine, called.value.uid, olive);
    // The applicant's answer, as their page records it.
    await h.services.db.run(
      "UPDATE interviews SET answer = 'another-time', answer_message = 'Mornings are hard for me', answered_at = ? WHERE uid = ?",
      [now, nextWeek.value.uid],
    );

    const everyone = await interviews().coming(null);
    expect(everyone.today.map((row) => [row.applicant, row.time, row.where, row.bookedBy])).toEqual([
      ["Aisha Khan", "14:00 to 14:45", "at our office", "Olive"],
    ]);
    expect(everyone.thisWeek.map((row) => [row.reference, row.day, row.meetWith])).toEqual([
      [owned, "Fri 26 Mar", "Sam"],
    ]);
    expect(everyone.nextWeek.map((row) => [row.reference, row.where, row.answerText])).toEqual([
      [
        others,
        "by phone on 07700 900123",
        "Needs another time: “Mornings are hard for me” (answered 24 Mar 2027, 08:00)",
      ],
    ]);
    // Olive's: the one she booked, and the one for the application she owns (booked by Sam).
    const olives = await interviews().coming(olive);
    expect([...olives.today, ...olives.thisWeek, ...olives.nextWeek].map((row) => row.reference)).toEqual([
      mine,
      owned,
    ]);
    const sams = await interviews().coming(sam);
    expect([...sams.today, ...sams.thisWeek, ...sams.nextWeek].map((row) => row.reference)).toEqual([
      owned,
      others,
    ]);

    // The application's page: coming soonest first, then the cancelled one.
    const page = await interviews().forApplication(mine);
    expect(page.map((row) => [row.state, row.day, row.date, row.startTime, row.answerText])).toEqual([
      ["coming", "Wed 24 Mar", "2027-03-24", "14:00", "No answer yet"],
      ["cancelled", "Thu 25 Mar", "2027-03-25", "10:00", "No answer yet"],
    ]);
    now = Date.parse("2027-03-24T15:00:00Z");
    const later = await interviews().forApplication(mine);
    expect(later.find((row) => row.uid === today.value.uid)?.state).toBe("past");

    // The inbox shows each application's next interview and its answer.
    now = Date.parse("2027-03-24T08:00:00Z");
    const inbox = await listLeads(h.services.db, { kind: "application" }, { me: null, now });
    const marker = (reference: string) => inbox.rows.find((row) => row.reference === reference)?.interview;
    expect(marker(mine)).toEqual({ startsAt: Date.parse("2027-03-24T14:00:00Z"), answer: null });
    expect(marker(others)).toEqual({ startsAt: Date.parse("2027-03-30T09:00:00Z"), answer: "another-time" });
  });
});
