import { expect, type Page, test } from "@playwright/test";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

/** The stylesheets a page links, by their file names without the hash. */
async function stylesheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
      (new URL(link.href).pathname.split("/").pop() ?? "").replace(/-[\w-]{8}\.css$/, ".css"),
    ),
  );
}

/** The class selectors a stylesheet defines. */
async function classesIn(page: Page, name: string): Promise<Set<string>> {
  const href = await page.evaluate(
    (file) =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) =>
        new URL(link.href).pathname.split("/").pop()?.startsWith(file),
      )?.href ?? "",
    name,
  );
  const css = await (await page.request.get(href)).text();
  return new Set(css.match(/\.[a-z][\w\\:[\]/.%-]*/gi) ?? []);
}

test("a public page blocks only on its own stylesheet; the workspace adds its classes in a file of its own", async ({
  page,
}) => {
  for (const path of ["/", "/contact", "/careers/vacancies"]) {
    await page.goto(path);
    expect(await stylesheets(page), path).toEqual(["app.css"]);
  }
  const publicClasses = await classesIn(page, "app-");

  await page.goto(`${staffBaseURL}/staff/sign-in`);
  await joinAsStaff(page);
  await page.goto(`${staffBaseURL}/staff/analytics`);
  expect(await stylesheets(page)).toEqual(["app.css", "staff.css"]);
  const staffClasses = await classesIn(page, "staff-");
  const workspaceOnly = [...staffClasses].filter((name) => !publicClasses.has(name));
  // The workspace's layouts are real classes of its own, which the public pages never download.
  expect(workspaceOnly.length).toBeGreaterThan(20);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
