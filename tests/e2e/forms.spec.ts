import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const networkError = "Network error. Please try again or contact us directly.";
const rightToWorkWarning =
  "Unfortunately, you must have the right to work in the UK to apply for positions with us.";
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function fillContact(page: Page, overrides: { phone?: string } = {}) {
  const form = page.locator("#contact-form form");
  await form.getByLabel("First Name").fill("Aisha");
  await form.getByLabel("Last Name").fill("Khan");
  await form.getByLabel("Email Address").fill("aisha.khan@example.co.uk");
  await form.getByLabel("Phone Number").fill(overrides.phone ?? "0161 496 0999");
  await form.getByLabel("Company Name").fill("Ancoats Bakery Ltd");
  await form.getByLabel("Service Required").selectOption("cleaning");
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(`An evening office clean, five days a week. (${randomUUID()})`);
  return form;
}

async function fillCareers(page: Page, niNumber = "ab 12 34 56 c") {
  const form = page.locator("#application-form form");
  await form.getByLabel("First Name").fill("Tomasz");
  await form.getByLabel("Last Name").fill("Nowak");
  await form.getByLabel("Email Address").fill(`tomasz.${randomUUID().slice(0, 8)}@example.com`);
  await form.getByLabel("Phone Number").fill("07700 900123");
  await form
    .getByRole("textbox", { name: "Address", exact: true })
    .fill("12 Jersey Street, Manchester M4 6JB");
  await form
    .getByRole("group", { name: /Do you have a car/ })
    .getByLabel("Yes")
    .check();
  await form
    .getByRole("group", { name: /UK driving licence/ })
    .getByLabel("No")
    .check();
  await form
    .getByRole("group", { name: /right to work/ })
    .getByLabel("Yes")
    .check();
  await form.getByLabel("National Insurance Number").fill(niNumber);
  await form
    .getByLabel(/CV \/ Resume/)
    .setInputFiles({ name: "Tomasz Nowak CV.pdf", mimeType: "application/pdf", buffer: pdf });
  return form;
}

test.describe("contact form", () => {
  test("sends exactly the seven fields as JSON, shows the green banner and clears the form", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const section = page.locator("#contact-form");
    await expect(section.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
    await expect(section.getByRole("link", { name: "read our privacy notice" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const form = await fillContact(page);

    // Hold the reply a moment so the sending state can be seen.
    await page.route("**/contact-handler.php", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const requestPromise = page.waitForRequest("**/contact-handler.php");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    const request = await requestPromise;
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(request.postDataJSON()).sort()).toEqual(
      ["company", "email", "firstName", "lastName", "message", "phone", "service"].sort(),
    );

    const banner = section.getByRole("status");
    await expect(banner).toContainText(/Thank you, Aisha! .* Your reference is ENQ-[0-9A-Z]{6}\./);
    await expect(banner).toBeFocused();
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const label of [
      "First Name",
      "Last Name",
      "Email Address",
      "Phone Number",
      "Company Name",
      "Message",
    ]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByLabel("Service Required")).toHaveValue("");
    await expectNoAxeViolations(page);
  });

  test("shows the server's refusal in the red banner and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page, { phone: "call me after six" });
    await form.getByRole("button", { name: "Send Message" }).click();
    const alert = page.locator("#contact-form").getByRole("alert");
    await expect(alert).toHaveText(/Please enter a phone number we can call/);
    await expect(alert).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveValue("Aisha");
    await expect(form.getByLabel("Phone Number")).toHaveValue("call me after six");
    await expectNoAxeViolations(page);
  });

  test("shows the fixed network error when the request fails or the reply is not ours", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page);
    await page.route("**/contact-handler.php", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("alert")).toHaveText(networkError);
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(form.getByLabel("First Name")).toHaveValue("Aisha");

    await page.unroute("**/contact-handler.php");
    await page.route("**/contact-handler.php", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("alert")).toHaveText(networkError);
  });
});

test.describe("careers form", () => {
  test("sends the application, shows the file name, then clears every field and file", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const section = page.locator("#application-form");
    await expect(section.getByRole("heading", { name: "Job Application" })).toBeVisible();
    await expect(section.getByText("Maximum file size: 5MB")).toHaveCount(2);
    await expect(section.getByLabel("National Insurance Number")).toHaveAttribute(
      "placeholder",
      "QQ 12 34 56 C",
    );
    await expect(section.getByRole("link", { name: "read our privacy notice" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const form = await fillCareers(page);
    await expect(form.getByText("Tomasz Nowak CV.pdf")).toBeVisible();
    await form
      .getByLabel(/Other Documents/)
      .setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(form.getByText("licence.pdf")).toBeVisible();

    let body = "";
    await page.route("**/careers-handler.php", async (route) => {
      body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.getByRole("button", { name: "Submitting Application..." })).toBeDisabled();
    await expect.poll(() => body.length).toBeGreaterThan(0);
    const names = [...body.matchAll(/form-data; name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual([
      "firstName",
      "lastName",
      "email",
      "phone",
      "address",
      "hasCarQuestion",
      "hasUKLicense",
      "rightToWork",
      "niNumber",
      "resume",
      "otherDocuments",
    ]);

    const banner = section.getByRole("status");
    await expect(banner).toContainText(/Thank you for your application, Tomasz! .*APP-[0-9A-Z]{6}\./);
    await expect(banner).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByLabel("National Insurance Number")).toHaveValue("");
    await expect(form.getByRole("group", { name: /right to work/ }).getByLabel("Yes")).not.toBeChecked();
    expect(
      await form.getByLabel(/CV \/ Resume/).evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);
    expect(
      await form.getByLabel(/Other Documents/).evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);
    await expect(form.getByText("Tomasz Nowak CV.pdf")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("sends no file field for an unchosen optional document", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page);
    let body = "";
    await page.route("**/careers-handler.php", async (route) => {
      body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      await route.continue();
    });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(() => body.length).toBeGreaterThan(0);
    expect(body).toContain('name="resume"');
    expect(body).not.toContain('name="otherDocuments"');
    expect(body).not.toContain('name="website"');
    await expect(page.locator("#application-form").getByRole("status")).toContainText("APP-");
  });

  test("refuses HMRC's example NI number with the server's message in the red banner", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page, "QQ 12 34 56 C");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#application-form").getByRole("alert")).toHaveText(
      /valid National Insurance number/,
    );
    await expect(form.getByLabel("First Name")).toHaveValue("Tomasz");
    await expect(form.getByText("Tomasz Nowak CV.pdf")).toBeVisible();
  });

  test("right to work: No shows the warning and blocks the button; Yes re-enables it", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = page.locator("#application-form form");
    const group = form.getByRole("group", { name: /right to work/ });
    await group.getByLabel("No").check();
    await expect(form.getByText(rightToWorkWarning)).toBeVisible();
    const blocked = form.getByRole("button", { name: "Cannot Submit - Right to Work Required" });
    await expect(blocked).toBeDisabled();
    await expectNoAxeViolations(page);
    await group.getByLabel("Yes").check();
    await expect(form.getByText(rightToWorkWarning)).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  test("shows the fixed network error when the request fails", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page);
    await page.route("**/careers-handler.php", (route) => route.abort("connectionreset"));
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#application-form").getByRole("alert")).toHaveText(networkError);
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });
});

test("the page a post without JavaScript returns to is accessible with its banner", async ({ page }) => {
  // axe needs JavaScript, so the post is made directly and the page it redirects to is opened with it on.
  const reply = await page.request.post("/contact-handler.php", {
    headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
    form: {
      firstName: "Aisha",
      lastName: "",
      email: "aisha@example.co.uk",
      phone: "",
      company: "",
      service: "",
      message: "Hi",
      website: "",
    },
    maxRedirects: 0,
  });
  expect(reply.status()).toBe(303);
  await page.goto(reply.headers().location ?? "");
  await expect(page.locator("#contact-form").getByRole("alert")).toHaveText("Please enter your last name.");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts and comes back with the green banner", async ({ page }) => {
    await page.goto("/contact");
    const form = await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?result=.+#contact-form$/);
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
  });

  test("the contact form shows a refusal in the red banner", async ({ page }) => {
    await page.goto("/contact");
    const form = await fillContact(page, { phone: "not a number" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("alert")).toContainText(
      "Please enter a phone number",
    );
  });

  test("the careers form posts with its CV and comes back with the green banner", async ({ page }) => {
    await page.goto("/careers");
    const form = await fillCareers(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/careers\?result=.+#application-form$/);
    await expect(page.locator("#application-form").getByRole("status")).toContainText(
      /Your reference is APP-/,
    );
  });

  test("the careers form shows the right-to-work refusal from the server", async ({ page }) => {
    await page.goto("/careers");
    const form = await fillCareers(page);
    await form
      .getByRole("group", { name: /right to work/ })
      .getByLabel("No")
      .check();
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#application-form").getByRole("alert")).toHaveText(rightToWorkWarning);
  });

  test("a result link someone else made shows nothing", async ({ page }) => {
    await page.goto("/contact?result=eyJmIjoiY29udGFjdCJ9.forged#contact-form");
    await expect(page.locator("#contact-form").getByRole("status")).toHaveCount(0);
    await expect(page.locator("#contact-form").getByRole("alert")).toHaveCount(0);
  });
});
