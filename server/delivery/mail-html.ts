/**
 * The HTML part of every e-mail to an applicant, a buyer or a job seeker, made from the message's own
 * words as it is sent: the company's name and mark at the top, the words paragraph by paragraph, the one
 * button with its link written out shortly beneath it, and the company's details at the bottom. The plain
 * text stays what was queued, so both parts say the same and carry the same links.
 *
 * Made at send time rather than stored: the queue keeps only the words and the button (outbox.action),
 * a few hundred bytes instead of several kilobytes a message, and a retry after a restart makes the same
 * HTML from the same words. Nothing in it is fetched from elsewhere (no image, font or pixel): the mark is
 * a styled letter, so mail programs that block remote images show the whole message.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import { createElement as h, type ReactNode } from "react";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import type { MailPurpose } from "#core/leads/model.ts";
import type { MailAction } from "../tables/outbox.ts";

/**
 * The e-mails that go to people outside the company, which are sent as HTML and plain text together. Those
 * to staff (a lead's copy, reminders, summaries, security notes) stay plain text.
 */
const toThePublic: ReadonlySet<string> = new Set<MailPurpose>([
  "acknowledgement",
  "reply",
  "stage",
  "interview",
  "interview-reminder",
  "applicant-link",
  "pool-renewal",
  "job-alert",
  "alert-confirm",
  "alert-renewal",
]);

/** Whether an e-mail of this purpose is sent with an HTML part. */
export function hasHtmlPart(purpose: string): boolean {
  return toThePublic.has(purpose);
}

/** The colours of the site (app/theme.css): navy for the name and words, teal for the button and links. */
const colour = {
  navy: "#0f1f38",
  text: "#182d4e",
  muted: "#4a5a78",
  accent: "#0b6b62",
  page: "#f5f1ea",
  card: "#ffffff",
  rule: "#e9e2d6",
};

/**
 * Mail programs that follow the reader's dark mode (Apple Mail, Outlook on the Mac and phones) read these;
 * the rest invert the light colours themselves, which every pair here survives.
 */
const darkMode = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .page, .page > table > tbody > tr > td { background-color: #0a1527 !important; }
  .mark { background-color: #0b6b62 !important; }
  .card { background-color: #0f1f38 !important; border-color: #223d66 !important; }
  .words { color: #e1e8f3 !important; }
  .muted { color: #c4d1e6 !important; }
  .link { color: #5fd3c4 !important; }
  .rule { border-color: #223d66 !important; }
}
`;

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A link as the HTML writes it out under its button or in the words: its host and path, cut short. */
export function shortLink(url: string): string {
  let shown: string;
  try {
    const parsed = new URL(url);
    shown = `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    shown = url;
  }
  if (shown.length <= 48) return shown;
  // Cut at the end of a whole part of the path where there is one, not in the middle of a word.
  const cut = shown.lastIndexOf("/", 45);
  return cut > shown.indexOf("/") ? `${shown.slice(0, cut + 1)}…` : `${shown.slice(0, 45)}…`;
}

const urlPattern = /https?:\/\/[^\s<>"]+/g;

/** One line of the words, its links made links (written out shortly); everything else as text. */
function lineWithLinks(line: string, key: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(urlPattern)) {
    const url = match[0].replace(/[.,;:)]+$/, "");
    const at = match.index;
    if (at > last) parts.push(line.slice(last, at));
    parts.push(
      h(
        Link,
        { key: `${key}-${at}`, href: url, className: "link", style: { color: colour.accent } },
        shortLink(url),
      ),
    );
    last = at + url.length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

/** A paragraph of the words, its lines kept as they were written. */
function paragraph(lines: string[], key: string, muted = false): ReactNode {
  const children: ReactNode[] = [];
  lines.forEach((line, i) => {
    if (i > 0) children.push(h("br", { key: `${key}-br-${i}` }));
    children.push(...lineWithLinks(line, `${key}-${i}`));
  });
  return h(
    Text,
    {
      key,
      className: muted ? "muted" : "words",
      style: {
        color: muted ? colour.muted : colour.text,
        fontSize: muted ? "14px" : "16px",
        lineHeight: muted ? "20px" : "24px",
        margin: "0 0 16px",
        overflowWrap: "anywhere",
      },
    },
    ...children,
  );
}

/** The button, with its link written out shortly beneath it for those who would rather copy it. */
function button(action: MailAction): ReactNode {
  return h(
    Section,
    { key: "action", style: { margin: "8px 0 24px" } },
    h(
      Button,
      {
        href: action.url,
        style: {
          backgroundColor: colour.accent,
          borderRadius: "6px",
          color: "#ffffff",
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "24px",
          padding: "12px 20px",
          textDecoration: "none",
          maxWidth: "100%",
        },
      },
      action.label,
    ),
    h(
      Text,
      {
        className: "muted",
        style: { color: colour.muted, fontSize: "14px", lineHeight: "20px", margin: "12px 0 0" },
      },
      "Or open ",
      h(
        Link,
        { href: action.url, className: "link", style: { color: colour.accent, overflowWrap: "anywhere" } },
        shortLink(action.url),
      ),
    ),
  );
}

/**
 * Whether a line is the button's: its link alone, or its link after a few words that introduce it ("See
 * the job and apply: <link>"), which the button's own words then say.
 */
function givesLink(line: string, url: string): boolean {
  const words = line.trim();
  return words === url || (words.endsWith(` ${url}`) && words.length - url.length <= 60);
}

/**
 * The words as blocks: a paragraph for each run of lines between blank lines, and in place of the line
 * that is the button's link, the button. The lines of its paragraph before it stay above it; those after
 * it go below.
 */
function blocks(text: string, action: MailAction | null): ReactNode[] {
  const out: ReactNode[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0);
  let placed = false;
  paragraphs.forEach((lines, p) => {
    const at = action && !placed ? lines.findIndex((line) => givesLink(line, action.url)) : -1;
    if (action && at >= 0) {
      placed = true;
      if (at > 0) out.push(paragraph(lines.slice(0, at), `p${p}a`));
      out.push(button(action));
      if (at < lines.length - 1) out.push(paragraph(lines.slice(at + 1), `p${p}b`, true));
      return;
    }
    out.push(paragraph(lines, `p${p}`));
  });
  // A link given within a sentence rather than on a line of its own: the button follows the words.
  if (action && !placed) out.push(button(action));
  return out;
}

/** The company's name with its mark, a letter in the navy square the site's header shows. */
function masthead(): ReactNode {
  return h(
    Section,
    { style: { padding: "0 0 20px" } },
    h(
      Row,
      null,
      h(
        Column,
        { style: { width: "44px", verticalAlign: "middle" } },
        h(
          Text,
          {
            "aria-hidden": "true",
            className: "mark",
            style: {
              backgroundColor: colour.navy,
              borderRadius: "8px",
              color: "#ffffff",
              fontSize: "22px",
              fontWeight: 700,
              height: "36px",
              lineHeight: "36px",
              margin: 0,
              textAlign: "center",
              width: "36px",
            },
          },
          site.brand.trim().charAt(0).toUpperCase(),
        ),
      ),
      h(
        Column,
        { style: { verticalAlign: "middle" } },
        h(
          Text,
          {
            className: "words",
            style: { color: colour.navy, fontSize: "20px", fontWeight: 700, lineHeight: "28px", margin: 0 },
          },
          site.brand,
        ),
      ),
    ),
  );
}

/**
 * The company's details: its registered name and number, its address, phone and e-mail. No link to the
 * site here: every link in the HTML is one the plain text gives too.
 */
function companyDetails(company: CompanyFacts): ReactNode {
  const { registration } = company;
  const small = { color: colour.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 4px" };
  return h(
    Section,
    { style: { padding: "0 0 8px" } },
    h(Hr, { className: "rule", style: { borderColor: colour.rule, margin: "8px 0 16px" } }),
    h(
      Text,
      { className: "muted", style: small },
      `${site.legalName} · ${company.address.street}, ${company.address.locality} ${company.address.postcode}`,
    ),
    h(
      Text,
      { className: "muted", style: small },
      h(
        Link,
        { href: `tel:${company.phone.e164}`, className: "link", style: { color: colour.accent } },
        company.phone.display,
      ),
      " · ",
      h(
        Link,
        { href: `mailto:${company.email}`, className: "link", style: { color: colour.accent } },
        company.email,
      ),
    ),
    h(
      Text,
      { className: "muted", style: small },
      `Registered in ${registration.registeredIn}, company number ${registration.companyNumber}. Registered office: ${registration.registeredOffice}.`,
    ),
  );
}

/** What the preview line of an inbox shows: the first words after the greeting. */
function previewOf(text: string): string {
  const [first = "", second = ""] = text.split(/\n[ \t]*\n/).map((p) => p.replace(/\s+/g, " ").trim());
  const words = /^(Dear |Hello)/.test(first) && second ? second : first;
  return words.length > 140 ? `${words.slice(0, 137)}…` : words;
}

/**
 * The HTML part of an e-mail: its words (`text`, as the plain part has them) and its button, if any, and
 * the company's details as published now (the shipped ones when not given).
 */
export function mailHtml(mail: {
  subject: string;
  text: string;
  action: MailAction | null;
  company?: CompanyFacts;
}): Promise<string> {
  const document = h(
    Html,
    { lang: "en-GB", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, mail.subject),
      h("style", null, darkMode),
    ),
    h(Preview, null, previewOf(mail.text)),
    h(
      Body,
      {
        className: "page",
        style: { backgroundColor: colour.page, fontFamily, margin: 0, padding: "16px 8px" },
      },
      h(
        Container,
        {
          className: "card",
          style: {
            backgroundColor: colour.card,
            border: `1px solid ${colour.rule}`,
            borderRadius: "8px",
            maxWidth: "600px",
            padding: "24px 20px",
            width: "100%",
          },
        },
        masthead(),
        ...blocks(mail.text, mail.action),
        companyDetails(mail.company ?? shippedCompany),
      ),
    ),
  );
  return render(document, { pretty: false });
}
