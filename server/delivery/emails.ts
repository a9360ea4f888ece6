import { describeAnswers, siteDetailsLabel } from "#core/config/quote-questions.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import type { CareersInput } from "#core/forms/careers-schema.ts";
import type { ContactInput } from "#core/forms/contact-schema.ts";
import { documentName, type SentLead, sentDetails } from "#core/leads/fields.ts";
import { maskNiNumber } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import type { LinkedApplication } from "../protection/applicant-link.ts";
import type { MailAction, NewEmail } from "../tables/outbox.ts";

/**
 * Makes the signed link to an applicant's own page that every e-mail to them carries, working for the
 * configured days from `now` (server/protection/applicant-link.ts); built once by the composition root.
 */
export type ApplicantLinks = (
  application: LinkedApplication,
  now: number,
) => { url: string; expiresAt: number };

const linkDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

/**
 * The paragraph every e-mail to an applicant gives before its sign-off: what their own page is for, its
 * link on a line of its own (the HTML's button), and how long it works. Each e-mail brings a fresh link,
 * so the newest always works. `alreadyGiven`: the e-mail gave the link above, so this only says whose it is.
 */
export function applicantLinkParagraph(
  link: { url: string; expiresAt: number },
  alreadyGiven = false,
): string {
  const keep = `It works until ${linkDate.format(link.expiresAt)}; every e-mail from us brings a new one.`;
  if (alreadyGiven) {
    return `The link to your page is personal to you, so please do not share it. ${keep}`;
  }
  return [
    "See where your application stands, answer an interview invitation, replace your CV, withdraw your application or ask us to delete your details, all from your own page (no account or password needed):",
    link.url,
    `The link is personal to you, so please do not share it. ${keep}`,
  ].join("\n");
}

/** Why an applicant hears from us and how to stop: the last words of every e-mail to them, after the sign-off. */
export const applicantNote = `You are receiving this e-mail because you applied to work with ${site.brand} (${site.legalName}). To stop hearing from us, withdraw your application or ask us to delete your details from your page, or reply to this e-mail.`;

/**
 * The end of every e-mail to an applicant: the link to their page, then the sign-off, then why they hear
 * from us. `alreadyGiven` as for applicantLinkParagraph.
 */
export function applicantEnding(
  link: { url: string; expiresAt: number },
  signOff: string,
  alreadyGiven = false,
): string {
  return [applicantLinkParagraph(link, alreadyGiven), "", signOff, "", applicantNote].join("\n");
}

/** The button of an e-mail to an applicant: their own page, unless the e-mail asks something more particular. */
export function applicantAction(url: string, label = "See your application"): MailAction {
  return { label, url };
}

/** Where mail goes: the company's two inboxes and the sender address; and the site's own address for links. */
export type MailRouting = {
  from: string;
  enquiriesTo: string;
  applicationsTo: string;
  publicUrl: string;
  /** The applicant's own link, which their acknowledgement carries; absent, it carries none. */
  applicantLinks?: ApplicantLinks;
  /** The company's facts published now (Site content), for the acknowledgements; absent, the shipped ones. */
  company?: () => CompanyFacts;
};

/** The company's facts published now, as the routing gives them. */
function companyOf(routing: MailRouting): CompanyFacts {
  return routing.company?.() ?? shippedCompany;
}

/** The lead's page in the staff workspace. */
function workspaceLink(routing: MailRouting, reference: string): string {
  return `Open it in the staff workspace: ${routing.publicUrl}${leadPath(reference)}`;
}

/**
 * What the person sent, one "Label: value" line each, in the words of the lead's page; a message, which
 * runs to several lines, under its label after a blank line.
 */
function detailLines(lead: SentLead): string[] {
  return sentDetails(lead).flatMap((detail) =>
    detail.key === "message" ? ["", `${detail.label}:`, detail.value] : [`${detail.label}: ${detail.value}`],
  );
}

/** An enquiry's answers about its site, under a heading after a blank line; nothing when none was given. */
function siteDetailLines(service: string, details: ContactInput["details"] | null): string[] {
  const answers = describeAnswers(service, details);
  if (answers.length === 0) return [];
  return ["", `${siteDetailsLabel}:`, ...answers.map(({ question, answer }) => `${question}: ${answer}`)];
}

/** One message as it waits in the outbox (its Message-ID is made when it is queued). */
export type QueuedMail = Omit<NewEmail, "messageId">;

/** A first name as people have them: letters of any alphabet (accents too), spaces, hyphens, apostrophes. */
const nameLike = /^\p{L}[\p{L}\p{M}'’ -]*$/u;

/**
 * How an acknowledgement opens. It goes to whatever address was typed, so it quotes nothing the visitor
 * wrote but a first name that looks like one (at most 40 characters and three words); anything else,
 * such as a link or a sentence, gets "Hello,".
 */
export function greeting(firstName: string): string {
  const name = firstName.trim().replace(/\s+/g, " ");
  const fits = name.length <= 40 && name.split(" ").length <= 3 && nameLike.test(name);
  return fits ? `Dear ${name},` : "Hello,";
}

/** The sign-off of an acknowledgement: who we are and how to reach us, from the facts published now. */
export function signOff(company: CompanyFacts): string {
  return `Kind regards,\nThe ${site.brand} team\n${company.phone.display} · ${company.email}\n${company.address.street}, ${company.address.locality} ${company.address.postcode}`;
}

/** The company's copy of an enquiry and the visitor's acknowledgement. */
export function enquiryMails(input: ContactInput, reference: string, routing: MailRouting): QueuedMail[] {
  const name = `${input.firstName} ${input.lastName}`;
  const company = companyOf(routing);
  return [
    {
      purpose: "notification",
      to: routing.enquiriesTo,
      replyTo: input.email,
      subject: `New enquiry ${reference} from ${name}`,
      body: [
        `Reference: ${reference}`,
        ...detailLines({
          kind: "enquiry",
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          company: input.company,
          service: input.service,
          message: input.message,
        }),
        ...siteDetailLines(input.service, input.details),
        "",
        `Reply to this e-mail to answer ${input.firstName} directly. We promise a reply within ${site.claims.replyWithin}.`,
        workspaceLink(routing, reference),
      ].join("\n"),
    },
    {
      purpose: "acknowledgement",
      to: input.email,
      replyTo: routing.enquiriesTo,
      subject: `We have your enquiry (${reference})`,
      body: `${greeting(input.firstName)}\n\nThank you for getting in touch with ${site.brand}. We have received your enquiry and one of our team will reply within ${site.claims.replyWithin}.\n\nYour reference is ${reference}; please quote it if you call us on ${company.phone.display}.\n\n${signOff(company)}`,
    },
  ];
}

/** The company's copy of an application (documents attached separately) and the applicant's acknowledgement. */
export function applicationMails(
  input: CareersInput,
  application: LinkedApplication,
  documents: { field: string; fileName: string }[],
  routing: MailRouting,
  /** The vacancy the application was made for, if any; named in the company's copy. */
  vacancy: { reference: string; title: string; closed: boolean } | null = null,
  /** When it arrived: the applicant's link works from then. */
  now: number = Date.now(),
): QueuedMail[] {
  const { reference } = application;
  const name = `${input.firstName} ${input.lastName}`;
  const company = companyOf(routing);
  // The job comes first, so whoever reads the copy knows at once which role the person wants.
  const job = vacancy
    ? [
        `Vacancy: ${vacancy.title} (${vacancy.reference})${vacancy.closed ? ", closed when the application arrived" : ""}`,
      ]
    : [];
  const listed = documents.map((doc) => `- ${documentName(doc)}`);
  return [
    {
      purpose: "notification",
      to: routing.applicationsTo,
      replyTo: input.email,
      subject: vacancy
        ? `New job application ${reference} from ${name} for ${vacancy.title} (${vacancy.reference})`
        : `New job application ${reference} from ${name}`,
      body: [
        `Reference: ${reference}`,
        ...job,
        ...detailLines({
          kind: "application",
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          hasCar: input.hasCarQuestion,
          hasUkLicence: input.hasUKLicense,
          rightToWork: input.rightToWork,
          niNumber: `${maskNiNumber(input.niNumber)} (stored encrypted)`,
        }),
        "",
        "Attached:",
        ...listed,
        "",
        workspaceLink(routing, reference),
      ].join("\n"),
    },
    {
      purpose: "acknowledgement",
      to: input.email,
      replyTo: routing.applicationsTo,
      subject: `We have your application (${reference})`,
      ...applicationAcknowledgement(
        `${greeting(input.firstName)}\n\nThank you for applying to work with ${site.brand}. We have received your application and documents, and one of our team will be in touch within ${site.claims.replyWithin}.\n\nYour reference is ${reference}; please quote it if you call us on ${company.phone.display}.`,
        routing.applicantLinks ? routing.applicantLinks(application, now) : null,
        company,
      ),
    },
  ];
}

/** An application's acknowledgement: its words, then the applicant's page (its button) before the sign-off. */
function applicationAcknowledgement(
  words: string,
  link: { url: string; expiresAt: number } | null,
  company: CompanyFacts,
): Pick<QueuedMail, "body" | "action"> {
  const end = signOff(company);
  if (!link) return { body: `${words}\n\n${end}` };
  return { body: `${words}\n\n${applicantEnding(link, end)}`, action: applicantAction(link.url) };
}
