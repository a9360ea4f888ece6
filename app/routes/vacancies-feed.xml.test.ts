import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedJobElements } from "#core/vacancies/feed.ts";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import { servicesContext, testHooksContext } from "~/lib/app-context";
import { testNowHeader } from "~/lib/clock.server";
import { createVacancies } from "../../server/vacancies/vacancies";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness";
import { addStaff } from "../../tests/support/lifecycle";
import { loader as sitemapLoader } from "./sitemap.xml";
import { loader as feedLoader } from "./vacancies-feed.xml";

const dialects: Dialect[] = ["sqlite", "postgres"];
const start = Date.parse("2026-03-02T09:00:00Z");
const minutes = (n: number) => start + n * 60_000;

function input(overrides: Partial<VacancyInput> = {}): VacancyInput {
  return {
    title: "Warehouse Operative",
    service: "warehouse",
    location: "Trafford Park, Manchester",
    postcode: "M17 1AA",
    employmentType: "TEMPORARY",
    payFrom: 12.21,
    payTo: 13.5,
    payPeriod: "HOUR",
    hours: "Nights, 4 on 4 off",
    description: "Picking and packing.",
    closesOn: "2026-04-30",
    ...overrides,
  };
}

/** One job of the feed: each element's text, CDATA unwrapped and entities read back. */
type Job = Record<string, string>;

function readText(text: string): string {
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(text);
  if (cdata) return (cdata[1] as string).replaceAll("]]]]><![CDATA[>", "]]>");
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

/** The jobs of a feed, element by element in order (the browser test parses it with a real XML parser). */
function jobsOf(xml: string): { names: string[]; job: Job }[] {
  return [...xml.matchAll(/<job>([\s\S]*?)<\/job>/g)].map((match) => {
    const fields = [...(match[1] as string).matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)];
    return {
      names: fields.map((field) => field[1] as string),
      job: Object.fromEntries(fields.map((field) => [field[1], readText(field[2] as string)])),
    };
  });
}

describe.each(dialects)("the vacancies feed and the sitemap's lastmod (%s)", (dialect) => {
  let h: Harness;
  let staffId: number;
  let clock = start;
  let vacancies: ReturnType<typeof createVacancies>;

  beforeAll(async () => {
    h = await startHarness(dialect);
    staffId = await addStaff(h);
    vacancies = createVacancies({ db: h.services.db, now: () => clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A request to a route as the server hands it over, judged at `at` (the test hooks' clock). */
  function args(path: string, at: number, headers: Record<string, string> = {}) {
    const context = new RouterContextProvider(
      new Map<unknown, unknown>([
        [servicesContext, h.services.app],
        [testHooksContext, true],
      ]) as never,
    );
    const url = new URL(`http://localhost${path}`);
    const request = new Request(url, {
      headers: { [testNowHeader]: new Date(at).toISOString(), ...headers },
    });
    return { request, context, url, params: {}, pattern: path } as never;
  }

  const feed = (at: number, headers: Record<string, string> = {}) =>
    feedLoader(args("/careers/vacancies/feed.xml", at, headers));

  async function sitemapLastmod(at: number, slug: string): Promise<string | undefined> {
    const text = await (await sitemapLoader(args("/sitemap.xml", at))).text();
    const escaped = slug.replace(/[-]/g, "\\-");
    return new RegExp(`/careers/vacancies/${escaped}</loc><lastmod>([^<]+)</lastmod>`).exec(text)?.[1];
  }

  async function publish(overrides: Partial<VacancyInput> = {}) {
    const saved = await vacancies.save(null, input(overrides), "publish", staffId);
    if (!saved.ok) throw new Error(saved.problem);
    return saved.vacancy;
  }

  it("holds every open published vacancy, with every element the staff guide lists, and nothing else", async () => {
    clock = minutes(0);
    const open = await publish({ title: `Cleaner <b>& "Co"</b> ]]>`, service: "cleaning" });
    const draft = await vacancies.save(null, input({ title: "Draft Steward" }), "draft", staffId);
    const closed = await publish({ title: "Closed Housekeeper" });
    clock = minutes(5);
    await vacancies.close(closed.reference, staffId);
    const expiring = await publish({ title: "Short Steward", closesOn: "2026-03-03" });
    if (!draft.ok) throw new Error(draft.problem);

    const response = await feed(Date.parse("2026-03-04T12:00:00Z"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<source>\n')).toBe(true);
    expect(xml).toContain("<publisher>Cottonopolis Facilities</publisher>");
    expect(xml).toContain("<publisherurl>https://www.cottonopolis.example/</publisherurl>");
    // The list changed last when the expiring job's closing date ended (midnight in London).
    expect(xml).toContain("<lastBuildDate>Tue, 03 Mar 2026 23:59:59 +0000</lastBuildDate>");

    const jobs = jobsOf(xml);
    expect(jobs.map(({ job }) => job.referencenumber)).toEqual([open.reference]);
    for (const gone of [draft.vacancy, closed, expiring]) expect(xml).not.toContain(gone.reference);
    const [{ names, job }] = jobs as [{ names: string[]; job: Job }];
    expect(names).toEqual([...feedJobElements]);
    expect(job).toMatchObject({
      title: `Cleaner <b>& "Co"</b> ]]>`,
      url: `https://www.cottonopolis.example/careers/vacancies/${open.slug}`,
      company: "Cottonopolis Facilities",
      city: "Trafford Park, Manchester",
      postalcode: "M17 1AA",
      country: "GB",
      salary: "£12.21 to £13.50 per hour",
      jobtype: "temporary",
      date: "Mon, 02 Mar 2026 09:00:00 +0000",
      expirationdate: "Thu, 30 Apr 2026 23:59:59 +0100",
      category: "Professional Cleaning",
    });
    // The title is escaped as text, never written as markup.
    expect(xml).toContain("<title>Cleaner &lt;b&gt;&amp; &quot;Co&quot;&lt;/b&gt; ]]&gt;</title>");
    // The description: HTML in CDATA, long enough for the aggregators even for a one-line advert.
    expect(job.description).toBe(
      "<p>Picking and packing.</p><p>Hours: Nights, 4 on 4 off. Pay: £12.21 to £13.50 per hour. Place of work: Trafford Park, Manchester, M17 1AA. Closing date: 30 April 2026.</p>",
    );
    expect((job.description as string).length).toBeGreaterThanOrEqual(100);
  });

  it("escapes markup in a description, and says a yearly salary with its period", async () => {
    clock = minutes(10);
    const vacancy = await publish({
      title: "Site Supervisor",
      description: "Lead a team of <script>alert(1)</script> & more ]]> here.\n- Keys & alarms",
      payFrom: 26000,
      payTo: 29000,
      payPeriod: "YEAR",
      employmentType: "FULL_TIME",
    });
    const xml = await (await feed(minutes(11))).text();
    const job = jobsOf(xml).find(({ job }) => job.referencenumber === vacancy.reference)?.job;
    expect(job?.description).toContain(
      "<p>Lead a team of &lt;script&gt;alert(1)&lt;/script&gt; &amp; more ]]&gt; here.</p><ul><li>Keys &amp; alarms</li></ul>",
    );
    expect(xml).not.toContain("<script>");
    expect(job).toMatchObject({ salary: "£26,000 to £29,000 per year", jobtype: "fulltime" });
  });

  it("answers 304 to a reader who has it, and sends it again once a job's words change or a job closes", async () => {
    clock = minutes(20);
    const vacancy = await publish({ title: "Event Steward", service: "steward" });
    const first = await feed(minutes(21));
    const etag = first.headers.get("ETag") as string;
    const lastModified = first.headers.get("Last-Modified") as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(lastModified).toBe(new Date(minutes(20)).toUTCString());
    await first.text();

    // Asked again, with either validator: nothing has changed, so no body.
    const byTag = await feed(minutes(22), { "If-None-Match": etag });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    expect(byTag.headers.get("ETag")).toBe(etag);
    expect((await feed(minutes(22), { "If-None-Match": `"other", W/${etag}` })).status).toBe(304);
    expect((await feed(minutes(22), { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await feed(minutes(22), { "If-None-Match": '"stale"' })).status).toBe(200);
    expect((await feed(minutes(22), { "If-Modified-Since": "not a date" })).status).toBe(200);

    // A view and a save that changes nothing leave it as it was.
    clock = minutes(30);
    await vacancies.bySlug(vacancy.slug);
    await vacancies.save(
      vacancy.reference,
      input({ title: "Event Steward", service: "steward" }),
      "publish",
      staffId,
    );
    expect((await feed(minutes(31), { "If-None-Match": etag })).status).toBe(304);

    // An edit of the words: a new body, a new tag, a later Last-Modified.
    clock = minutes(40);
    await vacancies.save(
      vacancy.reference,
      input({ title: "Event Steward", service: "steward", hours: "Match days" }),
      "publish",
      staffId,
    );
    const edited = await feed(minutes(41), { "If-None-Match": etag, "If-Modified-Since": lastModified });
    expect(edited.status).toBe(200);
    expect(edited.headers.get("ETag")).not.toBe(etag);
    expect(edited.headers.get("Last-Modified")).toBe(new Date(minutes(40)).toUTCString());
    expect(await edited.text()).toContain("Hours: Match days.");

    // Closing one takes it out, and a reader who asks by date alone hears of it too.
    const before = await feed(minutes(42));
    const since = before.headers.get("Last-Modified") as string;
    clock = minutes(50);
    await vacancies.close(vacancy.reference, staffId);
    const closed = await feed(minutes(51), { "If-Modified-Since": since });
    expect(closed.status).toBe(200);
    expect(await closed.text()).not.toContain(vacancy.reference);
  });

  it("gives each vacancy in the sitemap the time its published content last changed", async () => {
    clock = minutes(60);
    const vacancy = await publish({ title: "Housekeeper", service: "housekeeping" });
    const published = new Date(minutes(60)).toISOString();
    expect(await sitemapLastmod(minutes(61), vacancy.slug)).toBe(published);

    // Looked at, saved unchanged, and asked for later: the lastmod stays.
    clock = minutes(70);
    await vacancies.bySlug(vacancy.slug);
    await vacancies.save(
      vacancy.reference,
      input({ title: "Housekeeper", service: "housekeeping" }),
      "draft",
      staffId,
    );
    expect(await sitemapLastmod(minutes(80), vacancy.slug)).toBe(published);

    // An edit of the pay moves it to the moment of the edit.
    clock = minutes(90);
    await vacancies.save(
      vacancy.reference,
      input({ title: "Housekeeper", service: "housekeeping", payTo: 14 }),
      "publish",
      staffId,
    );
    expect(await sitemapLastmod(minutes(95), vacancy.slug)).toBe(new Date(minutes(90)).toISOString());
  });
});
