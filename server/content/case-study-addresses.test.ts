// A case study's address moves with a publication, on both databases: the old address answers 301 to
// the new one from then on, chains collapse, going back to an old address makes it a page again, and an
// address another case study has (or had) is refused, nothing saved.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { londonDate } from "#core/vacancies/model.ts";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import type { ContentScheduler } from "./schedule.ts";

const shipped = caseStudies[0];
if (!shipped) throw new Error("The shipped files list no case study");

const day = 24 * 60 * 60 * 1000;

const made: CaseStudy = {
  ...shipped,
  slug: "bolton-college-cleaning",
  title: "Spotless classrooms for a Bolton college",
  sample: false,
  testimonial: null,
};

describe.each<Dialect>(["sqlite", "postgres"])("a case study's address on %s", (dialect) => {
  let harness: Harness;
  let server: Server;
  let site: string;
  let editor: { id: number };
  let approver: { id: number };

  async function person(name: string, right: "can_edit_content" | "can_approve_content") {
    const [row] = await harness.services.db.all<{ id: number }>(
      `INSERT INTO staff (email, name, user_handle, created_at, ${right}) VALUES (?, ?, ?, ?, 1) RETURNING id`,
      [
        `${randomBytes(4).toString("hex")}@cottonopolis.example`,
        name,
        randomBytes(8).toString("hex"),
        Date.now(),
      ],
    );
    return { id: Number(row?.id) };
  }

  beforeAll(async () => {
    harness = await startHarness(dialect);
    editor = await person("Edith Editor", "can_edit_content");
    approver = await person("Arun Approver", "can_approve_content");
    // The redirects before any page, then the published case studies' pages, as the site has them.
    const app = express();
    app.use(harness.services.redirects.handler);
    app.get("/case-studies/:slug", (req, res) => {
      const shown = harness.services.app.content
        .published()
        .caseStudies.find((c) => c.slug === req.params.slug);
      if (shown) res.send(shown.title);
      else res.status(404).send("Not found");
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await harness?.close();
  });

  const answer = async (slug: string) => {
    const response = await fetch(`${site}/case-studies/${slug}`, { redirect: "manual" });
    return { status: response.status, location: response.headers.get("location") };
  };
  const redirectsNow = async () =>
    new Map((await harness.services.redirects.list()).map(({ from, to }) => [from, to]));

  /** Saves a version at `slug` and has it approved, as the workspace does. */
  async function publishAt(slug: string) {
    const content = harness.services.app.content;
    const latest = (await content.history("case-study", made.slug))?.at(-1)?.version ?? 0;
    const saved = await content.save(editor, {
      kind: "case-study",
      key: made.slug,
      body: { ...made, slug },
      basedOn: latest,
      ask: true,
    });
    expect(saved).toMatchObject({ ok: true, state: "awaiting" });
    if (!saved.ok) return;
    const at = { kind: "case-study" as const, key: made.slug, version: saved.version };
    expect(await content.approve(approver, at)).toMatchObject({ ok: true, state: "published" });
  }

  it("moves the page when a new address is published: the old one answers 301, chains collapse, and back again", async () => {
    const content = harness.services.app.content;
    const created = await content.create(editor, { kind: "case-study", body: made, ask: true });
    expect(created).toMatchObject({ ok: true, key: made.slug });
    await content.approve(approver, { kind: "case-study", key: made.slug, version: 1 });
    expect(await answer(made.slug)).toEqual({ status: 200, location: null });

    // Saved with a new address, awaiting approval: nothing on the site moves yet.
    const latest = (await content.history("case-study", made.slug))?.at(-1)?.version ?? 0;
    await content.save(editor, {
      kind: "case-study",
      key: made.slug,
      body: { ...made, slug: "bolton-college" },
      basedOn: latest,
      ask: true,
    });
    expect(await answer(made.slug)).toEqual({ status: 200, location: null });
    expect(await answer("bolton-college")).toMatchObject({ status: 404 });
    await content.approve(approver, { kind: "case-study", key: made.slug, version: latest + 1 });
    expect(await answer(made.slug)).toEqual({ status: 301, location: "/case-studies/bolton-college" });
    expect(await answer("bolton-college")).toEqual({ status: 200, location: null });
    const [kept] = await harness.services.redirects.list();
    expect(kept).toMatchObject({ from: `/case-studies/${made.slug}`, createdBy: null });

    // Moved again, at a scheduled time: every old address then leads to the newest in one step.
    const evenings = await content.save(editor, {
      kind: "case-study",
      key: made.slug,
      body: { ...made, slug: "bolton-college-evenings" },
      basedOn: latest + 1,
      ask: true,
    });
    if (!evenings.ok) throw new Error(evenings.problem);
    const at = { kind: "case-study" as const, key: made.slug, version: evenings.version };
    // The services' scheduler as the composition root made it (the app's view of it cannot run it).
    const schedule = harness.services.app.contentSchedule as ContentScheduler;
    const date = londonDate(Date.now() + 2 * day);
    expect(await schedule.schedulePublish(editor, { ...at, date, time: "09:00" })).toEqual({ ok: true });
    expect(await content.approve(approver, at)).toMatchObject({ ok: true, state: "awaiting" });
    expect(await answer(made.slug)).toEqual({ status: 301, location: "/case-studies/bolton-college" });
    expect(await schedule.runDue(Date.now() + 3 * day)).toBe(1);
    let redirects = await redirectsNow();
    expect(redirects.get(`/case-studies/${made.slug}`)).toBe("/case-studies/bolton-college-evenings");
    expect(redirects.get("/case-studies/bolton-college")).toBe("/case-studies/bolton-college-evenings");
    expect(await answer(made.slug)).toEqual({
      status: 301,
      location: "/case-studies/bolton-college-evenings",
    });

    // Back to its first address: a page again, no longer redirected; the others lead to it.
    await publishAt(made.slug);
    redirects = await redirectsNow();
    expect(redirects.has(`/case-studies/${made.slug}`)).toBe(false);
    expect(redirects.get("/case-studies/bolton-college")).toBe(`/case-studies/${made.slug}`);
    expect(redirects.get("/case-studies/bolton-college-evenings")).toBe(`/case-studies/${made.slug}`);
    expect(await answer(made.slug)).toEqual({ status: 200, location: null });
    expect(await answer("bolton-college-evenings")).toEqual({
      status: 301,
      location: `/case-studies/${made.slug}`,
    });
    expect(content.published().caseStudies.filter((item) => item.title === made.title)).toHaveLength(1);
  });

  it("refuses an address another case study has, or had, by the field, saving nothing", async () => {
    const content = harness.services.app.content;
    // A new case study at an old address of another: its old links must not lead to other work.
    const refused = await content.create(editor, {
      kind: "case-study",
      body: { ...made, slug: "bolton-college", title: "Another college" },
      ask: false,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      problems: {
        slug: `The address /case-studies/bolton-college was the case study “${made.title}”'s, and old links to it must not lead to other work: choose another.`,
      },
    });
    expect(await content.history("case-study", "bolton-college")).toBeNull();

    // A shipped case study given the address another answers at.
    const before = (await content.history("case-study", shipped.slug)) ?? [];
    const taken = await content.save(editor, {
      kind: "case-study",
      key: shipped.slug,
      body: { ...shipped, slug: made.slug },
      basedOn: before.at(-1)?.version ?? 0,
      ask: false,
    });
    expect(taken).toMatchObject({
      ok: false,
      status: 409,
      problems: {
        slug: `The address /case-studies/${made.slug} is taken by the case study “${made.title}”: choose another.`,
      },
    });
    expect(await content.history("case-study", shipped.slug)).toHaveLength(before.length);
  });
});
