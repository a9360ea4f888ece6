import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function fillApplication(page: Page): Promise<{ form: Locator; email: string }> {
  const form = page.getByRole("form", { name: "Job application" });
  const email = `mariam.${randomUUID().slice(0, 8)}@example.com`;
  await form.getByLabel("First Name").fill("Mariam");
  await form.getByLabel("Last Name").fill("Hussain");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("07700 900456");
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("3 Tib Street, Manchester M4 1LN");
  for (const [question, answer] of [
    [/Do you have a car/, "No"],
    [/UK driving licence/, "Yes"],
    [/right to work/, "Yes"],
  ] as const) {
    await form.getByRole("group", { name: question }).getByLabel(answer).check();
  }
  await form.getByLabel("National Insurance Number").fill("ab 12 34 56 c");
  await form
    .getByLabel(/CV \/ Resume/)
    .setInputFiles({ name: "Mariam Hussain CV.pdf", mimeType: "application/pdf", buffer: pdf });
  return { form, email };
}

/** The confirmation where the form was: the reference, the address and (for an applicant) their page. */
async function expectConfirmation(page: Page, form: Locator, email: string) {
  const panel = form.getByRole("region", { name: "Your application is with us" });
  const banner = panel.getByRole("status");
  await expect(banner).toContainText(/Thank you for your application, Mariam! .*Your reference is APP-/);
  const reference = /APP-[0-9A-Z]{6}/.exec((await banner.textContent()) ?? "")?.[0] as string;
  await expect(panel.locator("[data-reference]")).toHaveText(reference);
  await expect(panel).toContainText(`We've sent an e-mail to ${email}`);
  await expect(panel).toContainText("within 24 hours");
  await expect(panel.getByRole("link", { name: "Get job alerts by e-mail" })).toHaveAttribute(
    "href",
    "/careers/alerts",
  );
  // The fields are folded away, cleared.
  await expect(form.getByLabel("First Name")).toBeHidden();
  await expect(form.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByText("It takes about five minutes")).toBeHidden();
  return { panel, reference };
}

test.describe("after an application, with JavaScript", () => {
  test("the form gives way to a confirmation that takes focus, links to the applicant's page and opens the form again on request", async ({
    page,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const { form, email } = await fillApplication(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    const { panel, reference } = await expectConfirmation(page, form, email);
    // Focus is on the confirmation: its first line, the server's own message.
    await expect(panel.getByRole("status")).toBeFocused();
    await expectNoAxeViolations(page);

    // "Send another application" brings the form back, empty, and puts the cursor in it.
    await panel.getByRole("button", { name: "Send another application" }).click();
    await expect(form.getByLabel("First Name")).toBeVisible();
    await expect(form.getByLabel("First Name")).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(panel.getByRole("button", { name: "Send another application" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The link opens the applicant's own page.
    await page.goto(
      (await panel.getByRole("link", { name: "See your application" }).getAttribute("href")) ?? "",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Hello Mariam" })).toBeVisible();
    await expect(page.getByText(reference).first()).toBeVisible();
  });

  test("an empty application is reported by the site's error summary, not the browser's", async ({
    page,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Job application" });
    await expect(form).toHaveAttribute("novalidate", "");
    await form.getByRole("button", { name: "Submit Application" }).click();
    const summary = form.getByRole("alert");
    await expect(
      summary.getByRole("heading", { name: /There are \d+ problems with your application/ }),
    ).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: /first name/i })).toHaveAttribute(
      "href",
      "#careers-firstName",
    );
    await expect(summary.getByRole("link", { name: /CV/ })).toHaveAttribute("href", "#careers-resume");
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
});

test.describe("after an enquiry, with JavaScript", () => {
  test("the form gives way to a confirmation with the reference and the address", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Send us a message" });
    const email = `aisha.${randomUUID().slice(0, 8)}@example.co.uk`;
    await form.getByLabel("First Name").fill("Aisha");
    await form.getByLabel("Last Name").fill("Khan");
    await form.getByLabel("Email Address").fill(email);
    await form
      .getByRole("textbox", { name: "Message", exact: true })
      .fill(`A quote, please. (${randomUUID()})`);
    await form.getByRole("button", { name: "Send Message" }).click();
    const panel = form.getByRole("region", { name: "We have your enquiry" });
    await expect(panel.getByRole("status")).toContainText(/Thank you, Aisha!/);
    await expect(panel.getByRole("status")).toBeFocused();
    await expect(panel.locator("[data-reference]")).toHaveText(/^ENQ-[0-9A-Z]{6}$/);
    await expect(panel).toContainText(`We've sent an e-mail to ${email}`);
    await expect(form.getByLabel("First Name")).toBeHidden();
    await panel.getByRole("button", { name: "Send another message" }).click();
    await expect(form.getByLabel("First Name")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("an empty enquiry is reported by the site's error summary", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(form).toHaveAttribute("novalidate", "");
    await form.getByRole("button", { name: "Send Message" }).click();
    const summary = form.getByRole("alert");
    await expect(
      summary.getByRole("heading", { name: /There are \d+ problems with your message/ }),
    ).toBeVisible();
    await expect(summary.getByRole("link", { name: /first name/i })).toHaveAttribute(
      "href",
      "#contact-firstName",
    );
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an application comes back as the confirmation, and its button loads an empty form", async ({
    page,
  }) => {
    await page.goto("/careers");
    const { form, email } = await fillApplication(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/careers\?result=.+#application-form$/);
    const { panel } = await expectConfirmation(page, form, email);
    await expect(panel.getByRole("link", { name: "See your application" })).toHaveAttribute(
      "href",
      /^\/your-application\?link=/,
    );
    await panel.getByRole("link", { name: "Send another application" }).click();
    await expect(page).toHaveURL(/\/careers\?#application-form$/);
    await expect(form.getByLabel("First Name")).toBeVisible();
    await expect(form.getByRole("region")).toHaveCount(0);
  });

  test("an empty application comes back with the site's error summary", async ({ page }) => {
    await page.goto("/careers");
    const form = page.getByRole("form", { name: "Job application" });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/careers-handler\.php#application-form$/);
    const summary = form.getByRole("alert");
    await expect(
      summary.getByRole("heading", { name: /There are \d+ problems with your application/ }),
    ).toBeVisible();
    await expect(summary.getByRole("link", { name: /first name/i })).toHaveAttribute(
      "href",
      "#careers-firstName",
    );
  });
});
