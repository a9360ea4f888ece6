import { reviewsPolicyAnchor } from "#core/case-studies/paths.ts";
import { applicants as applicantsConfig } from "#core/config/applicants.ts";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import { type TestimonialsConfig, testimonials } from "#core/config/testimonials.ts";
import { addressLineOf, type CompanyFacts } from "#core/content/company-facts.ts";
import { describePeriod } from "#core/retention-periods.ts";
import type { PageMeta } from "~/content/types";

/** One part of the privacy notice: a heading, paragraphs, and an optional list. */
export type PrivacySection = {
  id: string;
  heading: string;
  paragraphs: string[];
  /** Shown after the first paragraph, which introduces it. */
  list?: string[];
  link?: { label: string; href: string };
};

/** What one of the site's forms collects, why, on what lawful basis, and for how long. */
export type FormProcessing = {
  form: string;
  collects: string[];
  purpose: string;
  lawfulBasis: string;
  retention: string;
};

export const privacyMeta = {
  title: "Privacy Notice",
  description:
    "What we collect through our enquiry and job application forms, why, how long we keep it, and your rights under UK data protection law.",
} satisfies PageMeta;

/** The headings of the two parts the page builds from `controller` and `formProcessing`. */
export const privacyHeadings = {
  controller: "Who we are",
  collection: "What we collect, why, and for how long",
};

/** When the notice was last reviewed, shown at the top of the page. */
export const privacyUpdated = "December 2026";

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

/**
 * How we use reviews and testimonials, with the age after which one comes down read from the config the
 * pages are judged by, so the notice cannot promise what the pages do not do.
 */
export function reviewsPolicy(config: TestimonialsConfig, company: CompanyFacts): PrivacySection {
  const age = describePeriod(config.showFor);
  return {
    id: reviewsPolicyAnchor,
    heading: "How we use reviews and testimonials",
    paragraphs: [
      "The testimonials and case studies on this website come from our own clients, about work we really did for them. With each one:",
      `If you gave us a testimonial and would like it changed or taken down, or you think one of ours is misleading, e-mail ${company.email} or call ${company.phone.display}. We take it down within two working days while we look into it.`,
    ],
    list: [
      "we show the person's name, their role and the date they gave it, and we name their organisation only with its permission",
      "we publish the words as they were given to us, shortened only where the meaning stays the same",
      "nobody is paid, given a discount or offered anything else for a review or a testimonial",
      "we do not pick and choose to give a misleading picture: we ask every client at the end of a project or a year's work, and we publish what they say, unfavourable or not, with their agreement",
      `we take each testimonial down ${age} after the date it was given, because by then it says little about our work today`,
      "each case study says plainly if it is an example rather than a client's account",
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

/** The notice's sections, with the ways to reach us as the company's details publish them. */
export const privacySectionsOf = (company: CompanyFacts): PrivacySection[] => [
  {
    id: "deletion",
    heading: "When we delete your information",
    paragraphs: [
      keeping.automatic,
      "If an e-mail we send you cannot be delivered because the address does not exist, or you report our e-mail as spam, we note the address so that we send nothing more to it. The note holds the address and the reason, nothing else. We remove it when you ask us to delete your details, or when our team has checked the address with you and unblocks it.",
      keeping.backups,
    ],
  },
  {
    id: "recipients",
    heading: "Who receives your information",
    paragraphs: [
      "Only the members of our team who deal with enquiries or recruitment see what you send us. We do not sell your information or share it for marketing.",
      "We use a small number of service providers who handle information for us under contract and only on our instructions: the company that hosts this website and its database, and our e-mail provider. Your details stay in the United Kingdom or in countries the UK recognises as protecting personal data adequately.",
      "If you apply for a role with one of our clients, we share your application with that client only after telling you. We disclose information to public authorities only when the law requires it.",
    ],
  },
  {
    id: "rights",
    heading: "Your rights",
    paragraphs: [
      "Under UK data protection law you have the right to:",
      `To use any of these rights, e-mail ${company.email}, call ${company.phone.display} or write to us at ${addressLineOf(company)}. It costs nothing, and we reply within one month. We may ask you to confirm who you are before we act on a request.`,
    ],
    list: [
      "ask for a copy of the information we hold about you",
      "have anything inaccurate corrected",
      "have your information deleted when we no longer need it",
      "ask us to restrict how we use it",
      "object to our using it on the basis of our legitimate interests",
      "receive information you gave us in a portable format, or have it sent to someone else",
      "withdraw your agreement at any time where we rely on it, such as keeping an application longer",
    ],
  },
  {
    id: "complaints",
    heading: "How to complain",
    paragraphs: [
      "If you are unhappy with how we have handled your information, please tell us first so that we can put it right.",
      "You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection. Call the ICO helpline on 0303 123 1113, or complain online at ico.org.uk.",
    ],
    link: {
      label: "Make a complaint to the ICO at ico.org.uk",
      href: "https://ico.org.uk/make-a-complaint/",
    },
  },
  {
    id: "visit-counts",
    heading: "How we count visits",
    paragraphs: [
      "To learn which of our pages and which links bring us enquiries and job applications, this website counts visits itself, on our own server, with no cookie and no third party. For each day we count:",
      `To count each visitor once a day without a cookie, our server mixes your IP address (for a newer IPv6 address, only the part your whole household shares) and your browser's description of itself (its name, version and operating system) with a random code that changes every day, and keeps only the scrambled result. At the end of the day the code is destroyed, with that day's scrambled results, and nobody, us included, can then link a visit to a person or to another day. We never store your IP address for this and store nothing in your browser. What we keep are daily totals, such as how many visitors reached the cleaning page from a newsletter link, and we delete them after ${retention.analyticsAggregates.months} months.`,
      "When you send us an enquiry or a job application, we note with it where that visit came from: the website's name or the link's campaign tags, the page you arrived on and the page you sent it from. This tells us which pages and links bring us clients and staff, not only enquiries. Nothing else about your browsing is kept with it, and the note is deleted with your enquiry or application.",
      "We count visits to improve our website and to see which services people look for, which is our legitimate interest (UK GDPR Article 6(1)(f)). The Privacy and Electronic Communications Regulations, as amended by the Data (Use and Access) Act 2025, allow counting of this kind for statistical purposes without asking first, as long as we tell you and you can object. Only our own team sees the figures.",
      "You can object at any time without having to contact us: turn on Global Privacy Control or Do Not Track in your browser or a privacy extension. This website honours both, and your visits and enquiries are then not counted at all, nor is where you came from noted with an enquiry or application. Visits with JavaScript switched off are not counted either.",
    ],
    list: [
      "the pages shown, and how many different visitors saw each",
      "the website a visit came from (its name only, such as google.com), or the campaign tags of the link followed (utm_source, utm_medium and utm_campaign)",
      "whether the browser was on a phone, a tablet or a computer",
      "the enquiries and job applications sent, and the page each was sent from",
    ],
  },
  {
    id: "cookies",
    heading: "Cookies and other services",
    paragraphs: [
      "This website sets no cookies for visitors and uses no advertising, third-party analytics or tracking, so there is nothing to accept or decline. The visit counts described above are made on our own server without cookies.",
      `Our fonts and images are served from our own website. The map on the Contact page comes from ${site.map.name}, and it loads only when you choose to show it; until then your browser makes no request to them. When you do load it, ${site.map.name} receives your IP address and browser details, as any website you visit would, under its own privacy policy.`,
    ],
  },
  reviewsPolicy(testimonials, company),
  {
    id: "changes",
    heading: "Changes to this notice",
    paragraphs: [
      "If we change how we use personal information, we will update this page and the date at the top of it.",
    ],
  },
];
