import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

/** A form time token: when the page was served, and the server's signature. */
const formTokenShape = /^[0-9a-z]+\.[\w-]{22}$/;
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
    // Exactly the seven fields of the wire contract (no question of the service was answered); the time
    // token the server wrote into the page goes in a header.
    expect(Object.keys(request.postDataJSON()).sort()).toEqual(
      ["company", "email", "firstName", "lastName", "message", "phone", "service"].sort(),
    );
    expect(request.headers()["x-form-token"]).toMatch(formTokenShape);

    const banner = section.getByRole("status");
    await expect(banner).toContainText(/Thank you, Aisha! .* Your reference is ENQ-[0-9A-Z]{6}\./);
    await expect(banner).toBeFocused();
    // The cleared form is folded under the confirmation until asked for again.
    await section.getByRole("button", { name: "Send another message" }).click();
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

  test("has the specification's fields, types and required marks, and posts to the handler", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.locator("#contact-form form");
    await expect(form).toHaveAttribute("method", "post");
    // The anchor brings a browser without JavaScript back to the form; the post goes to the handler.
    await expect(form).toHaveAttribute("action", "/contact-handler.php#contact-form");
    for (const [name, type, required] of [
      ["firstName", "text", true],
      ["lastName", "text", true],
      ["email", "email", true],
      ["phone", "tel", false],
      ["company", "text", false],
    ] as const) {
      const input = form.locator(`input[name="${name}"]`);
      await expect(input, name).toHaveAttribute("type", type);
      if (required) await expect(input, name).toHaveAttribute("required", "");
      else await expect(input, name).not.toHaveAttribute("required");
    }
    await expect(form.locator('textarea[name="message"]')).toHaveAttribute("required", "");
    const service = form.locator('select[name="service"]');
    await expect(service).not.toHaveAttribute("required");
    expect(
      await service.locator("option").evaluateAll((options) => options.map((o) => o.getAttribute("value"))),
    ).toEqual([
      "",
      "cleaning",
      "security",
      "housekeeping",
      "warehouse",
      "steward",
      "maintenance",
      "multiple",
    ]);
  });

  test("an empty form is reported by the site's error summary, not the browser's bubbles", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.locator("#contact-form form");
    await form.getByRole("button", { name: "Send Message" }).click();
    const summary = page.locator("#contact-form").getByRole("alert");
    await expect(summary).toContainText(/There are \d+ problems with your message/);
    await expect(summary).toBeFocused();
    await summary.getByRole("link").first().click();
    await expect(form.getByLabel("First Name")).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  });

  for (const status of [200, 500]) {
    test(`a reply with success false shows its message in the red banner at HTTP ${status}`, async ({
      page,
    }) => {
      await page.goto("/contact");
      await waitForHydration(page);
      const form = await fillContact(page);
      await page.route("**/contact-handler.php", (route) =>
        route.fulfill({ status, json: { success: false, message: "We could not take your enquiry." } }),
      );
      await form.getByRole("button", { name: "Send Message" }).click();
      const alert = page.locator("#contact-form").getByRole("alert");
      await expect(alert).toHaveText("We could not take your enquiry.");
      await expect(alert).toBeFocused();
      await expect(page.locator("#contact-form").getByRole("status")).toHaveCount(0);
      await expect(form.getByLabel("First Name")).toHaveValue("Aisha");
      await expect(form.getByLabel("Service Required")).toHaveValue("cleaning");
      await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    });
  }

  test("clears the old banner while a new send is on its way", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page);
    await page.route("**/contact-handler.php", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Send Message" }).click();
    const alert = page.locator("#contact-form").getByRole("alert");
    await expect(alert).toHaveText(networkError);

    // The reply waits for the test, so the state while sending is checked before it can change.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.unroute("**/contact-handler.php");
    await page.route("**/contact-handler.php", async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(alert).toHaveCount(0);
    release();
    await expect(page.locator("#contact-form").getByRole("status")).toContainText("ENQ-");
  });

  test("sends the hidden trap field only when something filled it in", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page);
    await form.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await page.route("**/contact-handler.php", (route) =>
      route.fulfill({ json: { success: true, message: "Thank you." } }),
    );
    const request = page.waitForRequest("**/contact-handler.php");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await request).postDataJSON()).toMatchObject({ website: "https://spam.example" });
  });

  test("keeps one idempotency key for retries of the same form and takes a new one after an edit", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page);
    const keys: string[] = [];
    await page.route("**/contact-handler.php", (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      return route.abort("internetdisconnected");
    });
    const alert = page.locator("#contact-form").getByRole("alert");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(alert).toHaveText(networkError);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(alert).toHaveText(networkError);
    await expect.poll(() => keys.length).toBe(2);
    await form.getByLabel("Company Name").fill("Ancoats Bakery and Café Ltd");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => keys.length).toBe(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
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
      "e.g. QQ 12 34 56 C",
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
    let idempotencyKey = "";
    await page.route("**/careers-handler.php", async (route) => {
      body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      idempotencyKey = route.request().headers()["idempotency-key"] ?? "";
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
      "formToken",
    ]);
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);

    const banner = section.getByRole("status");
    await expect(banner).toContainText(/Thank you for your application, Tomasz! .*APP-[0-9A-Z]{6}\./);
    await expect(banner).toBeFocused();
    // The cleared form is folded under the confirmation until asked for again.
    await section.getByRole("button", { name: "Send another application" }).click();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByLabel("National Insurance Number")).toHaveValue("");
    await expect(form.getByRole("group", { name: /right to work/ }).getByLabel("Yes")).not.toBeChecked();
    for (const label of ["Last Name", "Email Address", "Phone Number"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByRole("textbox", { name: "Address", exact: true })).toHaveValue("");
    for (const question of [/Do you have a car/, /UK driving licence/, /right to work/]) {
      await expect(
        form.getByRole("group", { name: question }).getByRole("radio", { checked: true }),
      ).toHaveCount(0);
    }
    await expect(form.getByText("licence.pdf")).toHaveCount(0);
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

  test("has the specification's sections, required answers and accepted file types", async ({ page }) => {
    await page.goto("/careers");
    const form = page.locator("#application-form form");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/careers-handler.php#application-form");
    await expect(form).toHaveAttribute("enctype", "multipart/form-data");
    const sections = {
      "Personal Information": ["firstName", "lastName", "email", "phone", "address"],
      "Additional Information": ["hasCarQuestion", "hasUKLicense"],
      "Right to Work": ["rightToWork", "niNumber"],
      Documents: ["resume", "otherDocuments"],
    };
    for (const [legend, names] of Object.entries(sections)) {
      const section = form.getByRole("group", { name: legend, exact: true });
      for (const name of names)
        await expect(section.locator(`[name="${name}"]`).first(), name).toBeAttached();
    }
    await expect(form.locator('input[name="email"]')).toHaveAttribute("type", "email");
    await expect(form.locator('input[name="phone"]')).toHaveAttribute("type", "tel");
    for (const name of ["firstName", "lastName", "email", "phone", "address", "niNumber", "resume"]) {
      await expect(form.locator(`[name="${name}"]`), name).toHaveAttribute("required", "");
    }
    // The address is a text area, so the browser may fill in every line of it.
    await expect(form.locator('textarea[name="address"]')).toHaveAttribute("autocomplete", "street-address");
    for (const name of ["hasCarQuestion", "hasUKLicense", "rightToWork"]) {
      const radios = form.locator(`input[type="radio"][name="${name}"]`);
      expect(await radios.evaluateAll((inputs) => inputs.map((i) => i.getAttribute("value")))).toEqual([
        "yes",
        "no",
      ]);
      await expect(radios.first(), name).toHaveAttribute("required", "");
    }
    await expect(form.locator('input[name="resume"]')).toHaveAttribute("accept", ".pdf,.doc,.docx");
    const other = form.locator('input[name="otherDocuments"]');
    await expect(other).toHaveAttribute("accept", ".pdf,.doc,.docx,.jpg,.jpeg,.png");
    await expect(other).not.toHaveAttribute("required");
  });

  test("an application without a CV is reported by the site's error summary, which leads to the field", async ({
    page,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page);
    await form.getByLabel(/CV \/ Resume/).setInputFiles([]);
    await form.getByRole("button", { name: "Submit Application" }).click();
    const summary = page.locator("#application-form").getByRole("alert");
    await expect(summary).toHaveText("Please attach your CV (PDF or Word document).");
    await expect(summary).toBeFocused();
    await summary.getByRole("link").click();
    await expect(form.getByLabel(/CV \/ Resume/)).toBeFocused();
    await expect(form.getByLabel("First Name")).toHaveValue("Tomasz");
  });

  test("a reply with success false keeps every answer and the chosen file, whatever the status", async ({
    page,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page);
    await page.route("**/careers-handler.php", (route) =>
      route.fulfill({ status: 200, json: { success: false, message: "Please try again tomorrow." } }),
    );
    await form.getByRole("button", { name: "Submit Application" }).click();
    const alert = page.locator("#application-form").getByRole("alert");
    await expect(alert).toHaveText("Please try again tomorrow.");
    await expect(alert).toBeFocused();
    await expect(form.getByLabel("National Insurance Number")).toHaveValue("ab 12 34 56 c");
    await expect(form.getByRole("group", { name: /right to work/ }).getByLabel("Yes")).toBeChecked();
    await expect(form.getByText("Tomasz Nowak CV.pdf")).toBeVisible();
    expect(
      await form.getByLabel(/CV \/ Resume/).evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(1);
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  test("sends the hidden trap field only when something filled it in", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page);
    await form.locator('input[name="website"]').fill("https://spam.example", { force: true });
    let body = "";
    await page.route("**/careers-handler.php", (route) => {
      body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      return route.fulfill({ json: { success: true, message: "Thank you." } });
    });
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#application-form").getByRole("status")).toHaveText("Thank you.");
    expect(body).toMatch(/name="website"\r\n\r\nhttps:\/\/spam\.example\r\n/);
  });
});

test("a post sent before the page's script runs comes back as a page that hydrates and passes axe", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const form = await fillContact(page, { phone: "not a number" });
  await form.getByLabel("Last Name").fill("");
  await form.getByLabel("Last Name").evaluate((input) => input.removeAttribute("required"));
  // HTMLFormElement.submit() posts as the browser does without JavaScript: no submit event for the script.
  await form.evaluate((element: HTMLFormElement) => element.submit());
  await expect(page).toHaveURL(/\/contact-handler\.php#contact-form$/);
  await waitForHydration(page);
  const banner = page.locator("#contact-form").getByRole("alert");
  await expect(banner).toContainText("Please enter your last name.");
  await expect(banner.getByRole("link")).toHaveCount(2);
  await expect(page.locator("#contact-form").getByLabel("First Name")).toHaveValue("Aisha");
  // The client router knows the address, so the page it hydrated is the contact page, not the 404 page.
  await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("field problems with JavaScript", () => {
  test("the server's problems show next to each field, beside the banner, and the banner links to them", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = await fillContact(page, { phone: "not a number" });
    await form.getByRole("button", { name: "Send Message" }).click();
    const banner = page.locator("#contact-form").getByRole("alert");
    await expect(banner).toContainText("Please enter a phone number we can call");
    const phone = form.getByLabel("Phone Number");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Please enter a phone number we can call/);
    await expect(form.getByLabel("First Name")).not.toHaveAttribute("aria-invalid", "true");
    await banner.getByRole("link").click();
    await expect(phone).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("HMRC's example NI number is refused next to the field, saying it is only an example", async ({
    page,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const form = await fillCareers(page, "QQ 12 34 56 C");
    await form.getByRole("button", { name: "Submit Application" }).click();
    const ni = form.getByLabel("National Insurance Number");
    await expect(ni).toHaveAttribute("aria-invalid", "true");
    await expect(ni).toHaveAccessibleDescription(/QQ 12 34 56 C is only an example of the format/);
    // Nothing typed was lost, the chosen CV included.
    await expect(form.getByLabel("First Name")).toHaveValue("Tomasz");
    await expect(form.getByText("Tomasz Nowak CV.pdf")).toBeVisible();
  });
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
    await expect(page.locator("#application-form [data-result=error]")).toHaveText(rightToWorkWarning);
    await expect(page.locator("#careers-rightToWork-warning")).toHaveText(rightToWorkWarning);
    // Without a script to enable it again, the button is never disabled.
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  test("a refused enquiry comes back with every value typed and the problem next to its field", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = await fillContact(page, { phone: "not a number" });
    const message = await form.getByRole("textbox", { name: "Message", exact: true }).inputValue();
    await form.getByRole("button", { name: "Send Message" }).click();
    // The page answers the post itself: nothing typed travels in the address.
    await expect(page).toHaveURL(/\/contact-handler\.php#contact-form$/);
    expect(page.url()).not.toMatch(/Aisha|Khan|example\.co\.uk|Ancoats/);
    const back = page.locator("#contact-form form");
    await expect(back.getByLabel("First Name")).toHaveValue("Aisha");
    await expect(back.getByLabel("Last Name")).toHaveValue("Khan");
    await expect(back.getByLabel("Email Address")).toHaveValue("aisha.khan@example.co.uk");
    await expect(back.getByLabel("Phone Number")).toHaveValue("not a number");
    await expect(back.getByLabel("Company Name")).toHaveValue("Ancoats Bakery Ltd");
    await expect(back.getByLabel("Service Required")).toHaveValue("cleaning");
    await expect(back.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(message);
    const phone = back.getByLabel("Phone Number");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Please enter a phone number we can call/);
    await expect(back.locator("#contact-phone-error")).toBeVisible();
    // The summary at the top links to the field.
    await expect(back.getByRole("alert").getByRole("link")).toHaveAttribute("href", "#contact-phone");
    // Corrected and sent again, it goes through.
    await phone.fill("0161 496 0999");
    await back.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
  });

  test("a refused application comes back with every value typed, the problems by their fields, and a word about the files", async ({
    page,
  }) => {
    await page.goto("/careers");
    const form = await fillCareers(page, "QQ 12 34 56 C");
    await form
      .getByRole("textbox", { name: "Address", exact: true })
      .fill("12 Jersey Street\nManchester\nM4 6JB");
    const email = await form.getByLabel("Email Address").inputValue();
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/careers-handler\.php#application-form$/);
    expect(page.url()).not.toMatch(/Tomasz|Nowak|QQ|Jersey/);
    const back = page.locator("#application-form form");
    await expect(back.getByLabel("First Name")).toHaveValue("Tomasz");
    await expect(back.getByLabel("Last Name")).toHaveValue("Nowak");
    await expect(back.getByLabel("Email Address")).toHaveValue(email);
    await expect(back.getByLabel("Phone Number")).toHaveValue("07700 900123");
    await expect(back.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
      "12 Jersey Street\nManchester\nM4 6JB",
    );
    await expect(back.getByRole("group", { name: /Do you have a car/ }).getByLabel("Yes")).toBeChecked();
    await expect(back.getByRole("group", { name: /UK driving licence/ }).getByLabel("No")).toBeChecked();
    await expect(back.getByRole("group", { name: /right to work/ }).getByLabel("Yes")).toBeChecked();
    const ni = back.getByLabel("National Insurance Number");
    await expect(ni).toHaveValue("QQ 12 34 56 C");
    await expect(ni).toHaveAttribute("aria-invalid", "true");
    await expect(ni).toHaveAccessibleDescription(/QQ 12 34 56 C is only an example of the format/);
    // No browser can give a file back, and the form says so beside each file input.
    await expect(back.getByLabel(/CV \/ Resume/)).toHaveAccessibleDescription(
      /Please choose this file again/,
    );
    // Corrected, with the CV chosen again, it goes through.
    await ni.fill("ab 12 34 56 c");
    await back
      .getByLabel(/CV \/ Resume/)
      .setInputFiles({ name: "Tomasz Nowak CV.pdf", mimeType: "application/pdf", buffer: pdf });
    await back.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#application-form").getByRole("status")).toContainText(
      /Your reference is APP-/,
    );
  });

  test("a result link someone else made shows nothing", async ({ page }) => {
    await page.goto("/contact?result=eyJmIjoiY29udGFjdCJ9.forged#contact-form");
    await expect(page.locator("#contact-form").getByRole("status")).toHaveCount(0);
    await expect(page.locator("#contact-form").getByRole("alert")).toHaveCount(0);
  });
});

test.describe("form time token", () => {
  test("each visit's page carries its own token, and a form reached by a link within the site posts with one", async ({
    page,
  }) => {
    for (const path of ["/contact", "/careers"]) {
      const html = await (await page.request.get(path)).text();
      const form = path === "/contact" ? "contact" : "careers";
      // The careers page is rendered on each request (its vacancies), so its token is rendered with it.
      expect(html).toMatch(
        new RegExp(`(data-form-token="${form}"|name="formToken") value="[0-9a-z]+\\.[\\w-]{22}"`),
      );
    }

    // Reached by a link from another page, the form still posts with a token: the page it came with's.
    await page.goto("/");
    await waitForHydration(page);
    await page.locator('header a[href="/contact"]').first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await waitForHydration(page);
    const form = await fillContact(page);
    const post = page.waitForRequest("**/contact-handler.php");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await post).headers()["x-form-token"]).toMatch(formTokenShape);
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Thank you, Aisha!/);
  });
});
