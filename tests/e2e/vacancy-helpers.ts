import { expect, type Page } from "@playwright/test";
import { staffBaseURL } from "../../playwright.config";
import { waitForHydration } from "./helpers";
import { sampleFiles, uniqueTag } from "./lead-helpers";

/** A date `days` from today, YYYY-MM-DD (as a date input takes it), in Europe/London. */
export function londonDay(days: number, from = Date.now()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(from + days * 86_400_000);
}

export type VacancyFields = {
  title: string;
  service: string;
  location: string;
  postcode: string;
  employmentType: string;
  payFrom: string;
  payTo: string;
  payPeriod: string;
  hours: string;
  description: string;
  closesOn: string;
};

/** A warehouse job closing in 20 days, with a unique title. */
export function sampleVacancy(overrides: Partial<VacancyFields> = {}): VacancyFields {
  return {
    title: `Warehouse Operative ${uniqueTag()}`,
    service: "warehouse",
    location: "Trafford Park, Manchester",
    postcode: "M17 1AA",
    employmentType: "TEMPORARY",
    payFrom: "12.21",
    payTo: "13.50",
    payPeriod: "HOUR",
    hours: "Nights, 4 on 4 off",
    description:
      "Picking and packing orders for a busy grocery distribution centre.\n\nWhat you will do:\n- Pick orders with a handheld scanner\n- Load and unload deliveries",
    closesOn: londonDay(20),
    ...overrides,
  };
}

/** Fills the staff form (at /staff/vacancies/new or a vacancy's page) with these values. */
export async function fillVacancy(page: Page, fields: Partial<VacancyFields>) {
  const form = page.getByRole("form", { name: /^(New|Edit) vacancy$/ });
  const text: [keyof VacancyFields, string][] = [
    ["title", "Job title"],
    ["location", "Place of work"],
    ["postcode", "Postcode"],
    ["payFrom", "Pay from (£)"],
    ["payTo", "Pay to (£)"],
    ["hours", "Hours"],
    ["description", "Description"],
  ];
  for (const [name, label] of text) {
    const value = fields[name];
    if (value !== undefined) await form.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
  if (fields.closesOn) await form.getByLabel("Closing date").fill(fields.closesOn);
  if (fields.service) await form.locator("select[name=service]").selectOption(fields.service);
  if (fields.employmentType)
    await form.locator("select[name=employmentType]").selectOption(fields.employmentType);
  if (fields.payPeriod) await form.locator("select[name=payPeriod]").selectOption(fields.payPeriod);
}

/** Writes and publishes a vacancy as a signed-in member of staff; returns its reference and public path. */
export async function publishVacancy(page: Page, fields: VacancyFields) {
  await page.goto(`${staffBaseURL}/staff/vacancies`);
  await page.getByRole("link", { name: "New vacancy" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/vacancies/new`);
  await waitForHydration(page);
  await fillVacancy(page, fields);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The vacancy is on the careers pages")).toBeVisible();
  const reference = /VAC-[0-9A-Z]{6}/.exec(new URL(page.url()).pathname)?.[0];
  expect(reference).toBeTruthy();
  const href = await page.getByRole("link", { name: /^\/careers\/vacancies\// }).getAttribute("href");
  return { reference: reference as string, path: href as string };
}

/** Fills the careers form (on /careers or a vacancy's page) as an applicant would. */
export async function fillApplication(
  form: ReturnType<Page["getByRole"]> | ReturnType<Page["locator"]>,
  firstName: string,
  { email = `${firstName.toLowerCase()}@example.com`, cvName = "cv.pdf" } = {},
) {
  await form.getByLabel("First Name").fill(firstName);
  await form.getByLabel("Last Name").fill("Nowak");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("07700 900123");
  await form.locator("[name=address]").fill("12 Jersey Street, Manchester M4 6JB");
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
  await form.getByLabel("National Insurance Number").fill("AB 12 34 56 C");
  await form
    .getByLabel(/CV \/ Resume/)
    .setInputFiles({ name: cvName, mimeType: "application/pdf", buffer: sampleFiles.pdf });
}
