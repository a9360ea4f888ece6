import { reviewsPolicyAnchor } from "#core/case-studies/paths.ts";
import { applicants as applicantsConfig } from "#core/config/applicants.ts";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import { type TestimonialsConfig, testimonials } from "#core/config/testimonials.ts";
import { addressLineOf, type CompanyFacts } from "#core/content/company-facts.ts";
import { itemsOf, type PrivacyPage, paragraphsOf, shippedPrivacyPage } from "#core/content/privacy-page.ts";
import { describePeriod } from "#core/retention-periods.ts";

/**
 * The privacy notice: its prose is site content (core/content/privacy-page.ts, every change approved by a
 * second person); what it promises from the code is written here, from the configs the code itself
 * reads (the retention periods, the reviews' rules, the map's provider) and the company's published
 * details, and placed among the prose where it always stood.
 */

/** A block of a section, in the order the page shows them: a paragraph, a list, or a link. */
export type PrivacyBlock =
  | { paragraph: string }
  | { list: string[] }
  | { link: { label: string; href: string } };

/** One part of the privacy notice: a heading and its blocks. */
export type PrivacySection = { id: string; heading: string; blocks: PrivacyBlock[] };

/** What one of the site's forms collects, why, on what lawful basis, and for how long. */
export type FormProcessing = {
  form: string;
  collects: string[];
  purpose: string;
  lawfulBasis: string;
  retention: string;
};

/** The notice's opening, which names the controller from the site's config. */
export const privacyIntro = [
  `This notice explains what personal information ${site.legalName} collects through this website, why we collect it, who sees it, how long we keep it and what your rights are. We keep it short because we collect very little.`,
];

/**
 * What the notice says about how long things are kept, written from the retention config that the
 * purge also reads, so the notice promises exactly what the code does.
 */
export function retentionNotice(config: RetentionConfig) {
  const { enquiries, applications, spam, backups, jobAlerts } = config;
  return {
    enquiry: `If your enquiry does not lead to work, it is deleted ${describePeriod(enquiries.other)} after our last contact with you or our last note about it, whichever is later. If you become a client, we keep it with your client records for ${describePeriod(enquiries.won)} after our last dealings with you about it, as UK tax and company law require.`,
    application: `As an employment agency, the law (regulation 29 of the Conduct of Employment Agencies and Employment Businesses Regulations 2003) requires us to keep our records about the people who apply to work through us for at least a year. So if your application is unsuccessful, or you withdraw it, we delete it, with your CV and documents, ${describePeriod(applications.unsuccessful)} after we tell you or you withdraw, unless you agree that we may keep it longer to consider you for future roles; then we keep it for ${describePeriod(applications.futureRoles)} from the day you agree or last renew that agreement, and we ask you ${applicantsConfig.poolAskDaysBefore} days before it ends whether you want to stay. If you join us, we delete the application ${describePeriod(applications.hired)} after you start, and what we need from then on becomes part of your staff record. An application we have not acted on for ${describePeriod(applications.inactive)} is deleted too. You can withdraw your application, or ask us to delete your details, at any time from the link in our e-mails to you.`,
    jobAlerts: `A job alert sign-up that nobody confirms from the e-mail we send is deleted ${describePeriod(jobAlerts.unconfirmed)} after it was made. A confirmed job alert lasts ${describePeriod(jobAlerts.unrenewed)} from the day you confirm it or last choose to keep it; a month before then we e-mail you once to ask whether you want to keep it, and if you do not, we delete it. You can change your choices or leave at any time from the links in every alert e-mail, and leaving deletes it at once.`,
    automatic: `Our system deletes enquiries and applications automatically, with our notes about them and the e-mails about them, as soon as these periods end. Messages that our spam filter catches are deleted ${describePeriod(spam)} after they arrive.`,
    backups: `We back up our database so that nothing you send us is lost. Each backup is deleted after ${describePeriod(backups)}, so anything we delete is gone from every backup within ${describePeriod(backups)}. If we ever have to restore a backup, we delete everything that should already have gone before anyone uses it.`,
  };
}

const keeping = retentionNotice(retention);

/** Paragraphs typed with blank lines between them, as the page's blocks. */
const prose = (text: string): PrivacyBlock[] => paragraphsOf(text).map((paragraph) => ({ paragraph }));

/**
 * How we use reviews and testimonials: the prose staff keep, then the rules the pages are judged by, with
 * the age after which one comes down read from the config, so the notice cannot promise what the pages do
 * not do, and how to reach us from the company's details.
 */
export function reviewsPolicy(
  config: TestimonialsConfig,
  company: CompanyFacts,
  page: PrivacyPage = shippedPrivacyPage,
): PrivacySection {
  const age = describePeriod(config.showFor);
  return {
    id: reviewsPolicyAnchor,
    heading: page.reviews.heading,
    blocks: [
      ...prose(page.reviews.text),
      {
        list: [
          "we show the person's name, their role and the date they gave it, and we name their organisation only with its permission",
          "we publish the words as they were given to us, shortened only where the meaning stays the same",
          "nobody is paid, given a discount or offered anything else for a review or a testimonial",
          "we do not pick and choose to give a misleading picture: we ask every client at the end of a project or a year's work, and we publish what they say, unfavourable or not, with their agreement",
          `we take each testimonial down ${age} after the date it was given, because by then it says little about our work today`,
          "each case study says plainly if it is an example rather than a client's account",
        ],
      },
      {
        paragraph: `If you gave us a testimonial and would like it changed or taken down, or you think one of ours is misleading, e-mail ${company.email} or call ${company.phone.display}. We take it down within two working days while we look into it.`,
      },
    ],
  };
}

/** The controller: who is responsible for your information and how to reach them, as published now. */
export function controllerOf(company: CompanyFacts) {
  return {
    name: site.legalName,
    address: addressLineOf(company),
    email: company.email,
    phone: company.phone.display,
  };
}

export const formProcessing: FormProcessing[] = [
  {
    form: "Enquiry form (Contact page)",
    collects: [
      "your first and last name",
      "your e-mail address",
      "your phone number and company name, if you give them",
      "the service you are interested in and your message",
    ],
    purpose:
      "To answer your enquiry, prepare a quote and, if you become a client, arrange the service you asked for.",
    lawfulBasis:
      "Our legitimate interests in replying to people who contact us about our services, and, where you ask for a quote, steps taken at your request before entering into a contract (UK GDPR Article 6(1)(f) and 6(1)(b)).",
    retention: keeping.enquiry,
  },
  {
    form: "Job application form (Careers page)",
    collects: [
      "your first and last name, e-mail address, phone number and postal address",
      "whether you have a car and a UK driving licence",
      "whether you have the right to work in the UK",
      "your National Insurance number",
      "your CV and any other document you choose to attach",
    ],
    purpose:
      "To consider you for work with us, contact you about suitable roles and, before anyone starts work, carry out the right-to-work checks the law requires.",
    lawfulBasis:
      "Steps taken at your request before entering into a contract of employment (UK GDPR Article 6(1)(b)), and our legal obligation to check the right to work in the UK (Article 6(1)(c), under the Immigration, Asylum and Nationality Act 2006).",
    retention: keeping.application,
  },
  {
    form: "Job alerts form (Careers and vacancies pages)",
    collects: [
      "your e-mail address",
      "the kinds of work and employment types you choose, the place you give and how often you want to hear from us",
      "when and how you agreed to receive the alerts (your consent record)",
    ],
    purpose: "To e-mail you the new vacancies that match your choices, as often as you asked.",
    lawfulBasis:
      "Your consent, given on the form and confirmed from the link we e-mail you (UK GDPR Article 6(1)(a)). You can withdraw it at any time with the link in every alert e-mail.",
    retention: keeping.jobAlerts,
  },
];

/**
 * The notice's sections after the forms' table: each heading and its prose as published (`page`), and
 * among them, where they always stood, the paragraphs the code writes (the periods, the ways to reach us
 * as the company's details publish them, the map's provider).
 */
export const privacySectionsOf = (
  company: CompanyFacts,
  page: PrivacyPage = shippedPrivacyPage,
): PrivacySection[] => [
  {
    id: "deletion",
    heading: page.deletion.heading,
    blocks: [{ paragraph: keeping.automatic }, ...prose(page.deletion.text), { paragraph: keeping.backups }],
  },
  { id: "recipients", heading: page.recipients.heading, blocks: prose(page.recipients.text) },
  {
    id: "rights",
    heading: page.rights.heading,
    blocks: [
      ...prose(page.rights.text),
      { list: itemsOf(page.rights.list) },
      {
        paragraph: `To use any of these rights, e-mail ${company.email}, call ${company.phone.display} or write to us at ${addressLineOf(company)}. It costs nothing, and we reply within one month. We may ask you to confirm who you are before we act on a request.`,
      },
    ],
  },
  {
    id: "complaints",
    heading: page.complaints.heading,
    blocks: [
      ...prose(page.complaints.text),
      {
        link: {
          label: "Make a complaint to the ICO at ico.org.uk",
          href: "https://ico.org.uk/make-a-complaint/",
        },
      },
    ],
  },
  {
    id: "visit-counts",
    heading: page.visits.heading,
    blocks: [
      ...prose(page.visits.text),
      { list: itemsOf(page.visits.list) },
      {
        paragraph: `To count each visitor once a day without a cookie, our server mixes your IP address (for a newer IPv6 address, only the part your whole household shares) and your browser's description of itself (its name, version and operating system) with a random code that changes every day, and keeps only the scrambled result. At the end of the day the code is destroyed, with that day's scrambled results, and nobody, us included, can then link a visit to a person or to another day. We never store your IP address for this and store nothing in your browser. What we keep are daily totals, such as how many visitors reached the cleaning page from a newsletter link, and we delete them after ${retention.analyticsAggregates.months} months.`,
      },
      ...prose(page.visits.more),
    ],
  },
  {
    id: "cookies",
    heading: page.cookies.heading,
    blocks: [
      ...prose(page.cookies.text),
      {
        paragraph: `Our fonts and images are served from our own website. The map on the Contact page comes from ${site.map.name}, and it loads only when you choose to show it; until then your browser makes no request to them. When you do load it, ${site.map.name} receives your IP address and browser details, as any website you visit would, under its own privacy policy.`,
      },
    ],
  },
  reviewsPolicy(testimonials, company, page),
  { id: "changes", heading: page.changes.heading, blocks: prose(page.changes.text) },
];
