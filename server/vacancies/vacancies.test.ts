import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readResultToken } from "#core/forms/result-token.server.ts";
import { endOfClosingDate, londonDate, statusAt } from "#core/vacancies/model.ts";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { addStaff } from "../../tests/support/lifecycle.ts";
import { createVacancies } from "./vacancies.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const day = 24 * 60 * 60 * 1000;

function input(overrides: Partial<VacancyInput> = {}): VacancyInput {
  return {
    title: "Night Security Officer",
    service: "security-officers",
    location: "Trafford Park, Manchester",
    postcode: "M17 1AA",
    employmentType: "FULL_TIME",
    payFrom: 12.5,
    payTo: 13,
    payPeriod: "HOUR",
    hours: "Nights, 4 on 4 off",
    description: "Patrols and access control.\n- SIA licence needed",
    closesOn: londonDate(Date.now() + 10 * day),
    ...overrides,
  };
}

describe("the end of a closing date, in Europe/London", () => {
  it("is 23:59:59 GMT in winter and BST in summer", () => {
    expect(endOfClosingDate("2026-12-31").iso).toBe("2026-12-31T23:59:59+00:00");
    expect(endOfClosingDate("2026-07-31").iso).toBe("2026-07-31T23:59:59+01:00");
    expect(endOfClosingDate("2026-07-31").ms).toBe(Date.parse("2026-07-31T22:59:59.999Z"));
  });
});

describe("the state staff see", () => {
  it("is closed for an open vacancy whose closing date is over, as the public site treats it", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(statusAt({ status: "open", closesOn: "2026-11-26" }, now)).toBe("open");
    expect(statusAt({ status: "open", closesOn: "2026-11-25" }, now)).toBe("closed");
    expect(statusAt({ status: "draft", closesOn: "2026-11-25" }, now)).toBe("draft");
    expect(statusAt({ status: "closed", closesOn: "2026-12-31" }, now)).toBe("closed");
  });
});

describe.each(dialects)("vacancies (%s)", (dialect) => {
  let first: Harness;
  let second: Harness;
  let staffId: number;

  beforeAll(async () => {
    first = await startHarness(dialect);
    // A second server on the same database: what one process publishes, the other sees at once.
    second = await startHarness(dialect, {}, { sharing: first });
    staffId = await addStaff(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a vacancy published on one process is listed, changed and closed on the other", async () => {
    const a = first.services.app.vacancies;
    const b = second.services.app.vacancies;
    const draft = await a.save(null, input(), "draft", staffId);
    if (!draft.ok) throw new Error(draft.problem);
    expect(draft.vacancy.reference).toMatch(/^VAC-[0-9A-Z]{6}$/);
    expect(await b.bySlug(draft.vacancy.slug)).toEqual({ state: "missing" });

    const published = await a.save(draft.vacancy.reference, input(), "publish", staffId);
    if (!published.ok) throw new Error(published.problem);
    const slug = published.vacancy.slug;
    expect(slug).toMatch(/^night-security-officer-[a-z0-9]{6}$/);
    expect((await b.listOpen()).map((v) => v.reference)).toContain(draft.vacancy.reference);
    const postedAt = published.vacancy.publishedAt;

    const edited = await b.save(
      draft.vacancy.reference,
      input({ title: "Weekend Security Officer", payTo: 14 }),
      "publish",
      staffId,
    );
    if (!edited.ok) throw new Error(edited.problem);
    // The address follows the new title; the old one is kept as a permanent redirect to it, made by the site.
    const moved = edited.vacancy.slug;
    expect(moved).toBe(slug.replace("night-security-officer", "weekend-security-officer"));
    expect(edited.vacancy.publishedAt).toBe(postedAt);
    expect(await a.bySlug(slug)).toEqual({ state: "missing" });
    const seen = await a.bySlug(moved);
    expect(seen.state === "open" && seen.vacancy.title).toBe("Weekend Security Officer");
    expect(
      (await first.services.redirects.list()).map(({ from, to, createdBy }) => ({ from, to, createdBy })),
    ).toContainEqual({
      from: `/careers/vacancies/${slug}`,
      to: `/careers/vacancies/${moved}`,
      createdBy: null,
    });

    await b.close(draft.vacancy.reference, staffId);
    expect((await a.bySlug(moved)).state).toBe("gone");
    expect((await a.listOpen()).map((v) => v.reference)).not.toContain(draft.vacancy.reference);
    const timeline = (await a.timeline(draft.vacancy.reference)).map((event) => [event.action, event.detail]);
    expect(timeline).toEqual([
      ["vacancy-saved", ""],
      ["vacancy-published", ""],
      ["vacancy-edited", "title, pay"],
      ["vacancy-closed", ""],
    ]);
  });

  it("a published vacancy retitled twice and back: each old address leads in one step to the current one", async () => {
    const a = first.services.app.vacancies;
    const redirectsNow = async () =>
      new Map((await first.services.redirects.list()).map(({ from, to }) => [from, to]));
    const saved = await a.save(null, input({ title: "Cleaner" }), "publish", staffId);
    if (!saved.ok) throw new Error(saved.problem);
    const reference = saved.vacancy.reference;
    const at = (title: string) => `/careers/vacancies/${title}-${reference.slice(4).toLowerCase()}`;
    for (const title of ["Evening Cleaner", "Evening Office Cleaner"]) {
      const edited = await a.save(reference, input({ title }), "publish", staffId);
      if (!edited.ok) throw new Error(edited.problem);
    }
    let kept = await redirectsNow();
    expect(kept.get(at("cleaner"))).toBe(at("evening-office-cleaner"));
    expect(kept.get(at("evening-cleaner"))).toBe(at("evening-office-cleaner"));

    // Back to its first title: that address is a page again, and no longer redirected; the others lead to it.
    const back = await a.save(reference, input({ title: "Cleaner" }), "publish", staffId);
    if (!back.ok) throw new Error(back.problem);
    kept = await redirectsNow();
    expect(kept.has(at("cleaner"))).toBe(false);
    expect(kept.get(at("evening-cleaner"))).toBe(at("cleaner"));
    expect(kept.get(at("evening-office-cleaner"))).toBe(at("cleaner"));
    expect((await a.bySlug(back.vacancy.slug)).state).toBe("open");

    // A draft's address follows its title with no redirect: nobody has seen it.
    const draft = await a.save(null, input({ title: "Porter" }), "draft", staffId);
    if (!draft.ok) throw new Error(draft.problem);
    await a.save(draft.vacancy.reference, input({ title: "Night Porter" }), "draft", staffId);
    expect([...(await redirectsNow()).keys()].some((from) => from.includes(draft.vacancy.slug))).toBe(false);
  });

  it("a vacancy past its closing date is gone, judged with an injected clock", async () => {
    const a = first.services.app.vacancies;
    const saved = await a.save(null, input({ closesOn: londonDate(Date.now() + day) }), "publish", staffId);
    if (!saved.ok) throw new Error(saved.problem);
    const later = createVacancies({ db: first.services.db, now: () => Date.now() + 3 * day });
    expect((await later.bySlug(saved.vacancy.slug)).state).toBe("gone");
    expect((await later.listOpen()).map((v) => v.reference)).not.toContain(saved.vacancy.reference);
    expect((await a.bySlug(saved.vacancy.slug)).state).toBe("open");
    const refused = await a.save(null, input({ closesOn: londonDate(Date.now() - day) }), "publish", staffId);
    expect(refused.ok).toBe(false);
  });

  it("its lastmod moves when the public's words change, never on a no-op save, a draft's edit or a view", async () => {
    let clock = Date.parse("2026-03-02T09:00:00Z");
    const at = (minutes: number) => Date.parse("2026-03-02T09:00:00Z") + minutes * 60_000;
    const staffSide = createVacancies({ db: first.services.db, now: () => clock });
    const closesOn = "2026-04-30";
    const draft = await staffSide.save(null, input({ closesOn }), "draft", staffId);
    if (!draft.ok) throw new Error(draft.problem);
    const reference = draft.vacancy.reference;

    // A draft's edits are seen by nobody: publishing is the first change the public sees.
    clock = at(5);
    await staffSide.save(reference, input({ closesOn, title: "Night Patrol Officer" }), "draft", staffId);
    clock = at(10);
    const published = await staffSide.save(reference, input({ closesOn }), "publish", staffId);
    if (!published.ok) throw new Error(published.problem);
    expect(published.vacancy.contentChangedAt).toBe(at(10));

    // Saved again unchanged (as "Publish" or "Save draft"), and looked at: nothing moves.
    clock = at(20);
    const same = await staffSide.save(reference, input({ closesOn }), "publish", staffId);
    clock = at(25);
    await staffSide.save(reference, input({ closesOn }), "draft", staffId);
    if (!same.ok) throw new Error(same.problem);
    expect(same.vacancy.contentChangedAt).toBe(at(10));
    clock = at(30);
    const viewed = await staffSide.bySlug(published.vacancy.slug);
    expect(viewed.state === "open" && viewed.vacancy.contentChangedAt).toBe(at(10));
    expect((await second.services.app.vacancies.get(reference))?.contentChangedAt).toBe(at(10));

    // An edit of the words moves it, and so does an edit of the pay; the record says when it was saved.
    clock = at(40);
    const worded = await staffSide.save(
      reference,
      input({ closesOn, description: "Patrols, access control and CCTV.\n- SIA licence needed" }),
      "publish",
      staffId,
    );
    if (!worded.ok) throw new Error(worded.problem);
    expect(worded.vacancy.contentChangedAt).toBe(at(40));
    clock = at(50);
    const paid = await staffSide.save(
      reference,
      input({
        closesOn,
        description: "Patrols, access control and CCTV.\n- SIA licence needed",
        payTo: 13.5,
      }),
      "draft",
      staffId,
    );
    if (!paid.ok) throw new Error(paid.problem);
    expect(paid.vacancy.contentChangedAt).toBe(at(50));
    expect(paid.vacancy.updatedAt).toBe(at(50));
    const listed = (await staffSide.listOpen()).find((vacancy) => vacancy.reference === reference);
    expect(listed?.contentChangedAt).toBe(at(50));
  });

  it("applications name their vacancy, are kept when it has closed, and an unknown one is refused", async () => {
    const a = first.services.app.vacancies;
    const open = await a.save(null, input(), "publish", staffId);
    const closed = await a.save(null, input({ title: "Cleaner" }), "publish", staffId);
    if (!open.ok || !closed.ok) throw new Error("not saved");
    await a.close(closed.vacancy.reference, staffId);

    const sent = await postApplication(
      second.url,
      applicationForm(applicationFields({ vacancy: open.vacancy.reference })),
    );
    expect(sent.status).toBe(200);
    const late = await postApplication(
      second.url,
      applicationForm(applicationFields({ vacancy: closed.vacancy.reference })),
    );
    expect(late.status).toBe(200);
    const unknown = await postApplication(
      first.url,
      applicationForm(applicationFields({ vacancy: "VAC-ZZZZZZ" })),
    );
    expect(unknown.status).toBe(400);
    const refusal = (await unknown.json()) as { message: string; errors: Record<string, string> };
    expect(refusal.message).toContain("do not recognise the vacancy");
    // Named like any other bad field.
    expect(refusal.errors).toEqual({ vacancy: refusal.message });
    const nonsense = await postApplication(
      first.url,
      applicationForm(applicationFields({ vacancy: "<script>" })),
    );
    expect(nonsense.status).toBe(400);

    const rows = await first.services.db.all<{ vacancy_reference: string; vacancy_closed: number }>(
      "SELECT vacancy_reference, vacancy_closed FROM applications WHERE vacancy_reference IN (?, ?) ORDER BY id",
      [open.vacancy.reference, closed.vacancy.reference],
    );
    expect(rows.map((row) => [row.vacancy_reference, Number(row.vacancy_closed)])).toEqual([
      [open.vacancy.reference, 0],
      [closed.vacancy.reference, 1],
    ]);
    const listed = await a.list();
    expect(listed.find((v) => v.reference === open.vacancy.reference)?.applicants).toBe(1);
    const inbox = await first.services.app.workspace.inbox.list({ vacancy: open.vacancy.reference });
    expect(inbox.rows).toHaveLength(1);
  });

  it("without JavaScript, an applicant goes back to the vacancy's page, or to the careers page once it has closed", async () => {
    const a = first.services.app.vacancies;
    const open = await a.save(null, input({ title: "Housekeeper" }), "publish", staffId);
    const closed = await a.save(null, input({ title: "Steward" }), "publish", staffId);
    if (!open.ok || !closed.ok) throw new Error("not saved");
    await a.close(closed.vacancy.reference, staffId);
    const navigate = { Accept: "text/html", "Sec-Fetch-Mode": "navigate" };
    const where = async (reference: string) => {
      const response = await fetch(`${first.url}/careers-handler.php`, {
        method: "POST",
        redirect: "manual",
        headers: navigate,
        body: applicationForm(applicationFields({ vacancy: reference })),
      });
      expect(response.status).toBe(303);
      const location = new URL(String(response.headers.get("location")), first.url);
      const result = readResultToken(
        location.searchParams.get("result") ?? "",
        "careers",
        first.services.secrets.resultSecret,
      );
      return { path: location.pathname, hash: location.hash, message: result?.message ?? "" };
    };
    const toOpen = await where(open.vacancy.reference);
    expect(toOpen.path).toBe(`/careers/vacancies/${open.vacancy.slug}`);
    expect(toOpen.message).toMatch(/Your reference is APP-/);
    // The closed vacancy's page answers 410 and has no form: the thanks and reference show on /careers.
    const toClosed = await where(closed.vacancy.reference);
    expect(toClosed.path).toBe("/careers");
    expect(toClosed.hash).toBe("#application-form");
    expect(toClosed.message).toMatch(/Your reference is APP-/);
  });

  it("a refused application names every problem, the missing CV among them", async () => {
    const refused = await postApplication(
      first.url,
      applicationForm(applicationFields({ email: "not-an-address" }), []),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["email", "resume"]);
    expect(body.errors.resume).toBe("Please attach your CV (PDF or Word document).");
  });
});

describe.each(dialects)("the staff e-mail of an application for a vacancy (%s)", (dialect) => {
  let h: Harness;
  let staffId: number;
  const smtp = new TestSmtp();

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      APPLICATIONS_TO: "jobs@cottonopolis.example",
    });
    staffId = await addStaff(h);
  });
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  /** The company's copy of the application with this reference, as the SMTP server received it. */
  async function staffCopy(reference: string) {
    for (const started = Date.now(); Date.now() - started < 15_000; ) {
      const found = smtp.messages.find(
        (mail) =>
          mail.envelopeTo.includes("jobs@cottonopolis.example") && mail.parsed.subject?.includes(reference),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No staff e-mail arrived for ${reference}`);
  }

  async function apply(fields: Record<string, string>): Promise<string> {
    const sent = await postApplication(h.url, applicationForm(applicationFields(fields)));
    expect(sent.status).toBe(200);
    const { message } = (await sent.json()) as { message: string };
    return /APP-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
  }

  it("names the vacancy by its title and reference, and says when it had closed", async () => {
    const vacancies = h.services.app.vacancies;
    const open = await vacancies.save(
      null,
      input({ title: "Warehouse Operative (Nights)" }),
      "publish",
      staffId,
    );
    const closed = await vacancies.save(null, input({ title: "Weekend Steward" }), "publish", staffId);
    if (!open.ok || !closed.ok) throw new Error("not saved");
    await vacancies.close(closed.vacancy.reference, staffId);

    const forOpen = await staffCopy(await apply({ vacancy: open.vacancy.reference }));
    const title = `Warehouse Operative (Nights) (${open.vacancy.reference})`;
    expect(forOpen.parsed.subject).toContain(`for ${title}`);
    expect(forOpen.parsed.text).toContain(`Vacancy: ${title}\n`);

    const forClosed = await staffCopy(await apply({ vacancy: closed.vacancy.reference }));
    expect(forClosed.parsed.text).toContain(
      `Vacancy: Weekend Steward (${closed.vacancy.reference}), closed when the application arrived`,
    );

    // A general application names no vacancy.
    const general = await staffCopy(await apply({}));
    expect(general.parsed.subject).not.toContain("VAC-");
    expect(general.parsed.text).not.toContain("Vacancy:");
  });
});
