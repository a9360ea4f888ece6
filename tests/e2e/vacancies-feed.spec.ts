import { expect, test } from "@playwright/test";
import { feedJobElements } from "#core/vacancies/feed.ts";
import { expectNoAxeViolations } from "./helpers";
import { uniqueTag } from "./lead-helpers";
import { joinAsStaff } from "./staff-helpers";
import { publishVacancy, sampleVacancy } from "./vacancy-helpers";

const siteUrl = "https://www.cottonopolis.example";

/** What the browser's own XML parser makes of the feed: the structure docs/staff-guide.md documents. */
type ParsedFeed = {
  error: string | null;
  root: string;
  head: string[];
  source: Record<string, string>;
  jobs: { names: string[]; values: Record<string, string>; descriptionItems: string[] }[];
};

test("the vacancies page links the feed, which an XML parser reads as the staff guide documents, and answers 304", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await joinAsStaff(page);
  // Markup and quotes in a title and a description stay text, all the way into the feed.
  const fields = sampleVacancy({
    title: `Warehouse Operative <Nights> & "Weekends" ${uniqueTag()}`,
    description: "Picking & packing <b>orders</b> ]]> quickly.\n- Pick orders with a handheld scanner",
  });
  const { reference, path } = await publishVacancy(page, fields);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/careers/vacancies");
  const link = visitor.locator('head link[rel="alternate"][type="application/xml"]');
  await expect(link).toHaveAttribute("title", "Vacancies feed");
  await expect(link).toHaveAttribute("href", `${siteUrl}/careers/vacancies/feed.xml`);
  await expectNoAxeViolations(visitor);

  const response = await request.get("/careers/vacancies/feed.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();

  const parsed = await visitor.evaluate((text): ParsedFeed => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror")?.textContent ?? null;
    const root = doc.documentElement;
    const children = [...root.children];
    const jobs = children
      .filter((child) => child.tagName === "job")
      .map((job) => {
        const values = Object.fromEntries(
          [...job.children].map((child) => [child.tagName, child.textContent ?? ""]),
        );
        const description = new DOMParser().parseFromString(values.description ?? "", "text/html");
        return {
          names: [...job.children].map((child) => child.tagName),
          values,
          descriptionItems: [...description.querySelectorAll("li")].map((li) => li.textContent ?? ""),
        };
      });
    return {
      error,
      root: root.tagName,
      head: children.filter((child) => child.tagName !== "job").map((child) => child.tagName),
      source: Object.fromEntries(
        children
          .filter((child) => child.tagName !== "job")
          .map((child) => [child.tagName, child.textContent ?? ""]),
      ),
      jobs,
    };
  }, xml);

  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe("source");
  expect(parsed.head).toEqual(["publisher", "publisherurl", "lastBuildDate"]);
  expect(parsed.source.publisher).toBe("Cottonopolis Facilities");
  expect(parsed.source.publisherurl).toBe(`${siteUrl}/`);
  expect(Number.isNaN(Date.parse(parsed.source.lastBuildDate as string))).toBe(false);
  expect(parsed.jobs.length).toBeGreaterThan(0);
  for (const job of parsed.jobs) expect(job.names).toEqual([...feedJobElements]);

  const ours = parsed.jobs.find((job) => job.values.referencenumber === reference);
  expect(ours?.values).toMatchObject({
    title: fields.title,
    url: `${siteUrl}${path}`,
    company: "Cottonopolis Facilities",
    city: fields.location,
    postalcode: fields.postcode,
    country: "GB",
    salary: "£12.21 to £13.50 per hour",
    jobtype: "temporary",
    category: "Warehouse Workers",
  });
  expect(ours?.values.description?.length).toBeGreaterThanOrEqual(100);
  expect(ours?.values.description).toContain(
    "<p>Picking &amp; packing &lt;b&gt;orders&lt;/b&gt; ]]&gt; quickly.</p>",
  );
  expect(ours?.descriptionItems).toEqual(["Pick orders with a handheld scanner"]);
  expect(Date.parse(ours?.values.expirationdate as string)).toBeGreaterThan(
    Date.parse(ours?.values.date as string),
  );

  // A reader who has this copy is told so, without the body, through the production server. Other tests
  // publish jobs at the same time: a 200 is accepted only with a body that really changed, then tried again.
  for (const validator of ["If-None-Match", "If-Modified-Since"] as const) {
    let answered = 0;
    for (let attempt = 0; attempt < 5 && answered !== 304; attempt++) {
      const current = await request.get("/careers/vacancies/feed.xml");
      const body = await current.text();
      const value =
        validator === "If-None-Match" ? current.headers().etag : current.headers()["last-modified"];
      expect(value, validator).toBeTruthy();
      const again = await request.get("/careers/vacancies/feed.xml", {
        headers: { [validator]: value as string },
      });
      answered = again.status();
      if (answered === 304) expect(await again.text()).toBe("");
      else expect(await again.text(), validator).not.toBe(body);
    }
    expect(answered, validator).toBe(304);
  }
  await visitorContext.close();
});
