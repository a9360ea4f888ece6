import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

test("a CV chosen before the page's scripts have started is named under its input once they start", async ({
  page,
}) => {
  // Hold back every script until the file is chosen, as on a slow phone where the scripts wait for the
  // first paint and someone picks their CV at once.
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto("/careers", { waitUntil: "domcontentloaded" });
  const form = page.locator("#application-form form");
  await form.getByLabel("CV / Resume").setInputFiles({
    name: "Grace Okafor CV.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await form.getByLabel("Other Documents (optional)").setInputFiles({
    name: "SIA licence.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  // Nothing can say so yet: the page has no script running.
  await expect(form.getByText("Selected: Grace Okafor CV.pdf")).toHaveCount(0);

  release();
  await waitForHydration(page);
  await expect(form.getByText("Selected: Grace Okafor CV.pdf")).toBeVisible();
  await expect(form.getByText("Selected: SIA licence.pdf")).toBeVisible();
});
