// The picture library, /staff/content/pictures: an editor (Edit site content) uploads a photo without alt
// text and is told so by the field, then with alt text and a focal point; it is listed with its words and
// size, its page draws it with the focal point kept in view, and its AVIF variant is served as AVIF.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { e2eDatabase } from "../../playwright.config";
import { openDatabase } from "../../server/db/database.ts";
import { expectNoAxeViolations } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

/** A photo 1600 by 1000 pixels, as a camera might give it. */
async function photo() {
  const buffer = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 80, b: 120 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: "front-desk.jpg", mimeType: "image/jpeg", buffer };
}

test("without JavaScript, a photo over the limit is refused by its field, naming the limit", async ({
  page,
  browser,
}) => {
  const editor = await joinAsStaff(page, { label: "Editor" });
  const db = openDatabase(e2eDatabase);
  try {
    await db.run("UPDATE staff SET can_edit_content = 1 WHERE email = ?", [editor.email]);
  } finally {
    await db.close();
  }
  const context = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/staff/content/pictures");
    await expect(plain.getByRole("heading", { level: 1, name: "Pictures" })).toBeVisible({ timeout: 5000 });
    const upload = plain.getByRole("form", { name: "Upload a photo" });
    const { buffer } = await photo();
    await upload.getByLabel("Photo").setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.concat([buffer, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await upload.getByLabel("Alt text").fill("A very large photo");
    await upload.getByRole("button", { name: "Upload photo" }).click();
    const tooLarge = "The photo is larger than 10 MB: choose a smaller one, or save it at a lower quality.";
    await expect(plain.getByRole("alert").getByRole("link", { name: tooLarge })).toBeVisible();
    await expect(upload.getByLabel("Photo")).toHaveAccessibleDescription(new RegExp(tooLarge));
  } finally {
    await context.close();
  }
});

test("an editor uploads a photo with alt text and a focal point, and pages are served it as AVIF", async ({
  page,
}) => {
  const editor = await joinAsStaff(page, { label: "Editor" });
  const db = openDatabase(e2eDatabase);
  try {
    await db.run("UPDATE staff SET can_edit_content = 1 WHERE email = ?", [editor.email]);
  } finally {
    await db.close();
  }
  // The workspace's navigation offers Site content once the permission is granted.
  await page.reload();
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Site content" })
    .click();
  await page.getByRole("link", { name: "Pictures", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pictures" })).toBeVisible();
  await expect(page).toHaveTitle("Pictures · Staff workspace");

  // No alt text and not marked decorative: refused, with the message by the field and in the summary.
  const upload = page.getByRole("form", { name: "Upload a photo" });
  const count = page.getByRole("heading", { level: 2, name: /^\d+ pictures?$/ });
  const before = await count.textContent();
  await upload.getByLabel("Photo").setInputFiles(await photo());
  await upload.getByRole("button", { name: "Upload photo" }).click();
  const needsWords =
    "Describe the picture for people who cannot see it, or mark it decorative if it adds nothing to the page.";
  await expect(page.getByRole("alert")).toContainText("Nothing was saved: check the fields marked below.");
  await expect(page.getByRole("alert").getByRole("link", { name: needsWords })).toBeVisible();
  await expect(upload.getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");
  await expect(upload.getByLabel("Alt text")).toHaveAccessibleDescription(new RegExp(needsWords));
  // Nothing was kept.
  await expect(count).toHaveText(before ?? "");
  await expectNoAxeViolations(page);

  const alt = `Two security officers at a front desk ${Date.now()}`;
  await upload.getByLabel("Photo").setInputFiles(await photo());
  await upload.getByLabel("Alt text").fill(alt);
  await upload.getByLabel("Across (%)").fill("70");
  await upload.getByLabel("Down (%)").fill("30");
  await upload.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("status")).toHaveText("The picture is uploaded. It is in the list below.");
  const item = page.getByRole("listitem").filter({ hasText: alt });
  await expect(item).toContainText("1600 × 1000 pixels");
  await expectNoAxeViolations(page);

  await item.getByRole("link", { name: `Edit or delete: ${alt}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: alt })).toBeVisible();
  const drawn = page.getByRole("img", { name: alt }).first();
  await expect(drawn).toHaveAttribute("width", "1600");
  await expect(drawn).toHaveAttribute("height", "1000");
  await expect(drawn).toHaveAttribute("loading", "lazy");
  await expect(drawn).toHaveCSS("object-position", "70% 30%");
  // Drawn, not blocked: the site's Content-Security-Policy lets the page load its own pictures.
  await expect.poll(() => drawn.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // The AVIF source's first variant, as a browser would fetch it.
  const srcset = await page.locator('picture source[type="image/avif"]').first().getAttribute("srcset");
  const first = srcset?.split(",")[0]?.trim().split(" ")[0] ?? "";
  expect(first).toMatch(/^\/pictures\/[0-9a-f]{16}-480\.avif$/);
  const avif = await page.request.get(first);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(
    (
      await page.request.get(first.replace(/^\/pictures\/[0-9a-f]{16}/, "/pictures/0000000000000000"))
    ).status(),
  ).toBe(404);
});
