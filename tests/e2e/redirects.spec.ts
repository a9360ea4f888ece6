// Redirects, /staff/redirects: an administrator imports an old site's addresses as CSV (from,to), each
// old address then answers 301 to its page; an address asked for three times that has no page is listed
// with its count and redirected from the list; a CSV with a bad line is refused by its line number.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";
import { fillVacancy, publishVacancy, sampleVacancy } from "./vacancy-helpers";

test.use({ baseURL: staffBaseURL });

test("an old site's addresses are imported, answer 301, and the missing ones people ask for are listed to redirect", async ({
  page,
}) => {
  const tag = randomBytes(3).toString("hex");
  await joinAsStaff(page, { admin: true, label: "Owner" });

  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Redirects", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Redirects", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Redirects · Staff workspace");

  // A line leading to another site: the file is refused by that line, and nothing is taken.
  await page.getByLabel("CSV file").setInputFiles({
    name: "old-site.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `from,to\n/old-${tag}/cleaning.html,/services/cleaning\n/old-${tag}/x,https://elsewhere.example/\n`,
    ),
  });
  await page.getByRole("button", { name: "Import redirects" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Line 3: The new address is on another site: a redirect can only lead to a page on this one.",
  );
  expect((await page.request.get(`/old-${tag}/cleaning.html`, { maxRedirects: 0 })).status()).toBe(404);

  await page.getByLabel("CSV file").setInputFiles({
    name: "old-site.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `from,to\nhttps://old.example.co.uk/old-${tag}/cleaning.html,/services/cleaning\n/old-${tag}/jobs.php?id=7,/careers\n`,
    ),
  });
  await page.getByRole("button", { name: "Import redirects" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "2 redirects are imported: each old address leads to its new one now.",
  );
  const cleaning = await page.request.get(`/old-${tag}/cleaning.html`, { maxRedirects: 0 });
  expect(cleaning.status()).toBe(301);
  expect(cleaning.headers().location).toBe("/services/cleaning");
  expect((await page.request.get(`/old-${tag}/jobs.php?id=7`, { maxRedirects: 0 })).headers().location).toBe(
    "/careers",
  );

  // An address with no page, asked for three times: listed with its count, and redirected from the list.
  for (let i = 0; i < 3; i += 1)
    expect((await page.request.get(`/old-${tag}/team.html`, { maxRedirects: 0 })).status()).toBe(404);
  await page.reload();
  const missing = page.getByRole("region", { name: "Addresses not found in the last 30 days" });
  const entry = missing.getByRole("listitem").filter({ hasText: `/old-${tag}/team.html` });
  await expect(entry).toContainText("3 times");
  await expectNoAxeViolations(page);
  await entry.getByRole("link", { name: `Redirect this: /old-${tag}/team.html` }).click();
  await expect(page.getByLabel("Old address")).toHaveValue(`/old-${tag}/team.html`);
  await page.getByLabel("New address").fill("/about");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The redirect is added: the old address leads to its new one now.",
  );
  expect((await page.request.get(`/old-${tag}/team.html`, { maxRedirects: 0 })).headers().location).toBe(
    "/about",
  );

  // A redirect to itself is refused by the field.
  await page.getByLabel("Old address").fill(`/old-${tag}/loop`);
  await page.getByLabel("New address").fill(`/old-${tag}/loop/`);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The new address is the old one: it would lead to itself.",
  );
  await expectNoAxeViolations(page);
});

test("a published vacancy given a new title moves to a new address, and its old address answers 301 to it", async ({
  page,
}) => {
  const tag = randomBytes(3).toString("hex");
  await joinAsStaff(page, { admin: true, label: "Owner" });
  const { path: before } = await publishVacancy(page, sampleVacancy({ title: `Night Porter ${tag}` }));
  expect(before).toMatch(new RegExp(`^/careers/vacancies/night-porter-${tag}-[a-z0-9]{6}$`));

  await fillVacancy(page, { title: `Weekend Porter ${tag}` });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const after = before.replace("night-porter", "weekend-porter");
  await expect(page.getByRole("link", { name: after })).toHaveAttribute("href", after);

  const old = await page.request.get(before, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(after);
  const followed = await page.request.get(before);
  expect(followed.status()).toBe(200);
  expect(await followed.text()).toContain(`Weekend Porter ${tag}`);

  // The site made it, so staff see it among the redirects, where one could be removed like any other.
  await page.goto("/staff/redirects");
  await expect(
    page
      .getByRole("region", { name: /^\d[\d,]* redirects?$/ })
      .getByRole("listitem")
      .filter({ hasText: before }),
  ).toContainText(after);
});
