/**
 * The words of a job alert e-mail: each new job's title, place, pay, closing date and page; what the
 * person asked for and when, who sends it, a visible link to change the choices and one to leave; and the
 * List-Unsubscribe headers (RFC 8058) with which a mail program leaves in one click, without a page.
 */
import { type AlertFrequency, describeChoices } from "#core/alerts/model.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import {
  employmentTypeLabel,
  formatClosingDate,
  formatPay,
  vacancyPath,
  vacancyServiceName,
} from "#core/vacancies/model.ts";
import type { QueuedMail } from "../delivery/emails.ts";
import type { VacancyListing } from "../tables/vacancies.ts";

/** What an alert e-mail needs to know of the alert. */
export type AlertForMail = {
  email: string;
  /** Service slugs, comma-separated; '' for any. */
  services: string;
  /** Employment types, comma-separated; '' for any. */
  employmentTypes: string;
  place: string;
  frequency: AlertFrequency;
  confirmedAt: number;
};

/** A vacancy as an alert lists it: as any list of jobs does, without its status (an alert lists only open ones). */
export type AlertVacancy = Omit<VacancyListing, "status">;

const confirmedDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

/** A comma-separated choice as a list of values; '' is none chosen (any). */
export function choiceList(value: string): string[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The place a vacancy names, with its postcode: "Etihad Campus, Manchester (M11 3FF)". */
function placeOf(vacancy: AlertVacancy): string {
  return vacancy.postcode ? `${vacancy.location} (${vacancy.postcode})` : vacancy.location;
}

/** A job as an alert e-mail lists it: its words are the same in every e-mail, so made once a run. */
export type AlertJob = { title: string; location: string; text: string; url: string };

/** A vacancy's block in an alert e-mail: title, kind of work, place, pay, closing date and its page. */
export function alertJob(vacancy: AlertVacancy, publicUrl: string): AlertJob {
  const base = publicUrl.replace(/\/+$/, "");
  const url = `${base}${vacancyPath(vacancy.slug)}`;
  const text = [
    vacancy.title,
    `${vacancyServiceName(vacancy.service)} · ${employmentTypeLabel(vacancy.employmentType)}`,
    `Where: ${placeOf(vacancy)}`,
    `Pay: ${formatPay(vacancy)}`,
    `Apply by: ${formatClosingDate(vacancy.closesOn)}`,
    `See the job and apply: ${url}`,
    "",
  ].join("\n");
  return { title: vacancy.title, location: vacancy.location, text, url };
}

/** One alert e-mail to one person, listing `jobs` (at least one), with its one-click headers. */
export function alertMail(
  alert: AlertForMail,
  jobs: readonly AlertJob[],
  options: {
    replyTo: string | null;
    links: { manage: string; unsubscribe: string };
    /** The company's facts published now (Site content); the shipped ones when not given. */
    company?: CompanyFacts | undefined;
  },
): QueuedMail {
  const company = options.company ?? shippedCompany;
  const [first] = jobs;
  const subject =
    jobs.length === 1 && first
      ? `New job: ${first.title}, ${first.location}`
      : `${jobs.length} new jobs with ${site.brand}`;
  const body = [
    "Hello,",
    "",
    jobs.length === 1
      ? `A job you asked to hear about has just been published at ${site.brand}:`
      : `${jobs.length} jobs you asked to hear about have just been published at ${site.brand}:`,
    "",
    ...jobs.map((job) => job.text),
    `You are receiving this e-mail because on ${confirmedDate.format(alert.confirmedAt)} you asked ${site.brand} (${site.legalName}) for job alerts and confirmed it from your inbox. You asked for: ${describeChoices({ services: choiceList(alert.services), types: choiceList(alert.employmentTypes), place: alert.place, frequency: alert.frequency })}.`,
    "",
    "Change what you hear about, or how often (no account or password needed):",
    options.links.manage,
    "",
    "Stop these e-mails (one click; your alert is deleted straight away):",
    options.links.unsubscribe,
    "",
    `${site.brand} · ${company.phone.display} · ${company.email}`,
  ].join("\n");
  return {
    purpose: "job-alert",
    to: alert.email,
    replyTo: options.replyTo,
    subject,
    body,
    // One job: its page is the thing to do. Several: each has its own link, and none is the one.
    action: jobs.length === 1 && first ? { label: "See the job and apply", url: first.url } : null,
    headers: {
      "List-Unsubscribe": `<${options.links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
