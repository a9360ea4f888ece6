import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { readZip } from "../support/read-zip";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

const pdf = (marker: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

/** A person who sends us an enquiry and an application through the public forms' own endpoints. */
async function personWhoApplied(request: APIRequestContext) {
  const id = randomBytes(4).toString("hex");
  const person = {
    firstName: "Niamh",
    lastName: `Byrne${id}`,
    email: `niamh.${id}@example.org`,
    cv: pdf(`cv-${id}`),
    message: `We need evening cleaners for our Salford office (${id}).`,
  };
  const enquiry = await request.post("/contact-handler.php", {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: "0161 496 0456",
      company: "Quayside Studios Ltd",
      service: "cleaning",
      message: person.message,
    },
  });
  expect(enquiry.status()).toBe(200);
  const application = await request.post("/careers-handler.php", {
    multipart: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: "07700 900456",
      address: "3 Chapel Street, Salford M3 5JZ",
      hasCarQuestion: "no",
      hasUKLicense: "yes",
      rightToWork: "yes",
      niNumber: "ce 12 34 56 a",
      resume: { name: "Niamh Byrne CV.pdf", mimeType: "application/pdf", buffer: person.cv },
    },
  });
  expect(application.status()).toBe(200);
  const references = [
    /ENQ-[0-9A-Z]{6}/.exec((await enquiry.json()).message)?.[0],
    /APP-[0-9A-Z]{6}/.exec((await application.json()).message)?.[0],
  ];
  return { ...person, enquiry: references[0] ?? "", application: references[1] ?? "" };
}

/** Moves a member of staff's last passkey confirmation back in time, as if they had been away. */
function ageConfirmation(email: string, minutes: number) {
  const db = new DatabaseSync(e2eDatabase);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(
      "UPDATE sessions SET confirmed_at = confirmed_at - ? WHERE staff_id = (SELECT id FROM staff WHERE email = ?)",
    ).run(minutes * 60_000, email);
  } finally {
    db.close();
  }
}

async function findPerson(page: Page, email: string) {
  await page.getByRole("search").getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/people?email=${encodeURIComponent(email)}`);
}

test("People finds everything about an address, and Download their data gives a ZIP of it all", async ({
  page,
  request,
}) => {
  const person = await personWhoApplied(request);
  await joinAsStaff(page);
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await findPerson(page, person.email.toUpperCase());
  await expect(page.getByRole("heading", { name: `Held about ${person.email}` })).toBeVisible();
  await expect(
    page.getByText("1 enquiry and 1 application, with 1 file, 0 notes and 4 e-mails."),
  ).toBeVisible();
  const enquiry = page.getByRole("article", { name: new RegExp(`${person.enquiry} · Enquiry · New`) });
  await expect(enquiry).toContainText(person.message);
  const application = page.getByRole("article", {
    name: new RegExp(`${person.application} · Application`),
  });
  await expect(application).toContainText("CV: Niamh Byrne CV.pdf");
  await expect(application).toContainText("CE •• •• •• A");
  await expect(application).not.toContainText("CE 12 34 56 A");
  await expect(application).toContainText("Acknowledgement to the sender");
  await expect(application).toContainText("Due for deletion");
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download their data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await readZip(readFileSync(await download.path()));
  expect([...files.keys()].sort()).toEqual(
    ["README.txt", "records.json", `files/${person.application}/1 Niamh Byrne CV.pdf`].sort(),
  );
  expect(files.get(`files/${person.application}/1 Niamh Byrne CV.pdf`)?.equals(person.cv)).toBe(true);
  const records = JSON.parse(files.get("records.json")?.toString() ?? "{}");
  expect(records.enquiries[0].whatYouSent.Message).toBe(person.message);
  expect(records.applications[0].whatYouSent["National Insurance number"]).toBe("CE 12 34 56 A");
  expect(files.get("README.txt")?.toString()).toContain(`for the e-mail address ${person.email}`);
});

test("Download their data asks for the passkey again when the last confirmation is old", async ({
  page,
  request,
}) => {
  const person = await personWhoApplied(request);
  const me = await joinAsStaff(page);
  ageConfirmation(me.email, 20);
  await page.goto(`/staff/people?email=${encodeURIComponent(person.email)}`);
  await page.getByRole("link", { name: "Download their data" }).click();
  await expect(page).toHaveURL(
    `${staffBaseURL}/staff/confirm?next=${encodeURIComponent(`/staff/people/download?email=${encodeURIComponent(person.email)}`)}`,
  );
  await expectNoAxeViolations(page);
  await waitForHydration(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  const files = await readZip(readFileSync(await (await downloading).path()));
  expect(files.has("records.json")).toBe(true);
});

test("Erase everything needs the address typed again and a fresh passkey, then erases it all", async ({
  page,
  request,
}) => {
  // Two passkey ceremonies and four accessibility scans: more than the default time on a busy machine.
  test.slow();
  const person = await personWhoApplied(request);
  const me = await joinAsStaff(page);
  await page.goto(`/staff/people?email=${encodeURIComponent(person.email)}`);
  await waitForHydration(page);
  const erase = page.getByRole("region", { name: "Erase everything" });
  await expect(erase).toContainText("You confirmed with your passkey in the last 5 minutes.");

  // A different address is refused, and nothing goes.
  await erase.getByLabel("Type their e-mail address again").fill(`someone.else@example.org`);
  await erase.getByRole("button", { name: "Erase everything" }).click();
  await expect(erase.getByText(`That is not the same address. Type ${person.email} exactly`)).toBeVisible();
  await expect(erase.getByLabel("Type their e-mail address again")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await expect(page.getByRole("article")).toHaveCount(2);

  // Ten minutes on, the confirmation is too old for an erasure: the passkey first, then back here.
  ageConfirmation(me.email, 10);
  await erase.getByLabel("Type their e-mail address again").fill(person.email);
  await erase.getByRole("button", { name: "Erase everything" }).click();
  await expect(page).toHaveURL(
    `${staffBaseURL}/staff/confirm?next=${encodeURIComponent(`/staff/people?email=${encodeURIComponent(person.email)}`)}`,
  );
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/people?email=${encodeURIComponent(person.email)}`);
  await expect(erase).toContainText("You confirmed with your passkey in the last 5 minutes.");
  await expect(page.getByRole("article")).toHaveCount(2);

  await waitForHydration(page);
  await erase.getByLabel("Type their e-mail address again").fill(person.email.toUpperCase());
  await erase.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Erased 2 records and 1 file held about ${person.email}, with 0 notes and 4 e-mails. Their references (${person.enquiry}, ${person.application}) are kept with dates only.`,
  );
  await expect(page.getByRole("article")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await findPerson(page, person.email);
  await expect(page.getByText(`Nothing is held about ${person.email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // What happened to APP-...? The lead's address says so, from its tombstone, with nothing about the person.
  const gone = await page.goto(`/staff/leads/${person.application}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${person.application} was deleted`);
  await expect(page.getByRole("main")).toContainText("at the person's request");
  await expect(page.getByRole("main")).not.toContainText(person.email);
  await expect(page).toHaveTitle(new RegExp(`^${person.application} was deleted`));
  await expectNoAxeViolations(page);
  // Searching the inbox for the reference, as staff would, says the same and links to it.
  await page.goto(`/staff?q=${person.application.toLowerCase()}`);
  await expect(page.getByRole("main")).toContainText(`${person.application} (application, received on`);
  await expect(page.getByRole("main")).toContainText("at the person's request");
  await expect(page.getByRole("link", { name: person.application, exact: true })).toHaveAttribute(
    "href",
    `/staff/leads/${person.application}`,
  );
  await expectNoAxeViolations(page);
  // A reference that never was is simply not found, and the page says so in its title too.
  const never = await page.goto("/staff/leads/ENQ-222222");
  expect(never?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Not found/);

  // A post that is not a form, signed in and from the workspace itself, is refused, never a failure of ours.
  for (const path of ["/staff/people", "/staff/team", `/staff/leads/${person.enquiry}`]) {
    for (const [type, body] of [
      ["application/json", "{}"],
      ["text/plain", "intent=erase"],
      ["", ""],
    ]) {
      const refused = await page.request.post(path, {
        headers: { Origin: staffBaseURL, ...(type ? { "Content-Type": type } : {}) },
        data: body,
      });
      expect(refused.status(), `${path} ${type || "no body"}`).toBe(415);
      expect(await refused.text()).toContain("own forms only");
    }
  }
});

test("searching and erasing work without JavaScript", async ({ page, browser, request }) => {
  const person = await personWhoApplied(request);
  await joinAsStaff(page);
  const noScript = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/staff/people");
    await findPerson(plain, person.email);
    await expect(plain.getByRole("article")).toHaveCount(2);
    await plain.getByLabel("Type their e-mail address again").fill(person.email);
    await plain.getByRole("button", { name: "Erase everything" }).click();
    await expect(plain.getByRole("status")).toContainText(
      `Erased 2 records and 1 file held about ${person.email}`,
    );
    await expect(plain.getByRole("article")).toHaveCount(0);

    // A bad address in the search is answered on the page, with 400.
    const bad = await plain.goto("/staff/people?email=not-an-address");
    expect(bad?.status()).toBe(400);
    await expect(plain.getByText("Enter an e-mail address, like name@example.co.uk.")).toBeVisible();
  } finally {
    await noScript.close();
  }
});

test("signed out, People and its erasure go to sign in and the download is refused; a bad address is a 400", async ({
  request,
  page,
}) => {
  const anonymous = await request.get("/staff/people/download?email=someone%40example.org", {
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(401);
  const view = await request.get("/staff/people?email=someone%40example.org", { maxRedirects: 0 });
  expect(view.status()).toBe(303);
  expect(view.headers().location).toMatch(/^\/staff\/sign-in\?next=/);
  const erase = await request.post("/staff/people?email=someone%40example.org", {
    maxRedirects: 0,
    form: { email: "someone@example.org", confirmEmail: "someone@example.org" },
    headers: { Origin: staffBaseURL },
  });
  expect(erase.status()).toBe(303);
  expect(erase.headers().location).toMatch(/^\/staff\/sign-in/);
  await joinAsStaff(page);
  const bad = await page.request.get("/staff/people/download?email=nope", { maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  const nobody = await page.request.get(`/staff/people/download?email=nobody.${Date.now()}%40example.org`, {
    maxRedirects: 0,
  });
  expect(nobody.status()).toBe(404);
  expect(await nobody.text()).toContain("Nothing is held about that e-mail address");
});
