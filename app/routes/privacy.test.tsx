import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { type PrivacyPage, shippedPrivacyPage } from "#core/content/privacy-page.ts";
import { addPeriod, describePeriod } from "#core/retention-periods.ts";
import { retentionNotice } from "~/content/privacy";
import { type LeadFacts, retentionOf } from "../../server/lifecycle/rules.ts";
import Page from "./privacy";

/** The notice as a visitor's browser gets it, drawn from these published words. */
function renderedHtml(page: PrivacyPage = shippedPrivacyPage): string {
  // Inside a router, as the page always is: it reads the company's published facts from the root's data,
  // and its words from its loader's.
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: Page, loader: () => ({ page }) }]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { page } } }} />,
  );
}

/** The notice's text as a visitor reads it: tags gone, entities decoded, spaces collapsed. */
function renderedText(page?: PrivacyPage): string {
  return renderedHtml(page)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

const t = Date.parse("2026-04-01T10:00:00Z");
const lead = (facts: Partial<LeadFacts>): LeadFacts => ({
  kind: "enquiry",
  status: "new",
  receivedAt: t,
  statusChangedAt: null,
  lastActivityAt: t,
  ...facts,
});

/**
 * Each promise the notice makes, the sentence that makes it, and a lead the purge judges by it: the
 * period the sentence states must be the one the rules delete by.
 */
function promises(config: RetentionConfig) {
  const notice = retentionNotice(config);
  return [
    { sentence: notice.enquiry, period: config.enquiries.other, lead: lead({ status: "lost" }) },
    { sentence: notice.enquiry, period: config.enquiries.won, lead: lead({ status: "won" }) },
    {
      sentence: notice.application,
      period: config.applications.unsuccessful,
      lead: lead({ kind: "application", status: "unsuccessful", statusChangedAt: t }),
    },
    {
      sentence: notice.application,
      period: config.applications.futureRoles,
      lead: lead({ kind: "application", status: "unsuccessful", statusChangedAt: t - 1, keepConsentAt: t }),
    },
    {
      sentence: notice.application,
      period: config.applications.hired,
      lead: lead({ kind: "application", status: "hired", statusChangedAt: t }),
    },
    {
      sentence: notice.application,
      period: config.applications.inactive,
      lead: lead({ kind: "application", status: "interview" }),
    },
    { sentence: notice.automatic, period: config.spam, lead: lead({ status: "spam" }) },
  ];
}

describe("the privacy notice and the retention config", () => {
  it("the rendered notice states every retention period from the config", () => {
    const text = renderedText();
    const notice = retentionNotice(retention);
    for (const sentence of Object.values(notice)) expect(text).toContain(sentence);
    expect(text).toContain(`deleted ${describePeriod(retention.enquiries.other)} after our last contact`);
    expect(text).toContain(`for ${describePeriod(retention.enquiries.won)} after our last dealings`);
    expect(text).toContain(
      `${describePeriod(retention.applications.unsuccessful)} after we tell you or you withdraw`,
    );
    expect(text).toContain(
      `for ${describePeriod(retention.applications.futureRoles)} from the day you agree`,
    );
    expect(text).toContain(`${describePeriod(retention.applications.hired)} after you start`);
    expect(text).toContain(`not acted on for ${describePeriod(retention.applications.inactive)}`);
    expect(text).toContain(`deleted ${describePeriod(retention.spam)} after they arrive`);
    expect(text).toContain(`deleted after ${describePeriod(retention.backups)}`);
  });

  it("each period the notice states is the one the purge deletes by", () => {
    for (const promise of promises(retention)) {
      expect(promise.sentence).toContain(describePeriod(promise.period));
      expect(retentionOf(promise.lead, retention).deleteAt).toBe(addPeriod(t, promise.period));
    }
  });

  it("follows the config when it changes", () => {
    const changed: RetentionConfig = {
      ...retention,
      enquiries: { won: { years: 7 }, other: { months: 18 } },
      applications: {
        unsuccessful: { months: 4 },
        hired: { months: 3 },
        inactive: { months: 9 },
        futureRoles: { years: 2 },
      },
      spam: { days: 14 },
      backups: { days: 60 },
    };
    const notice = retentionNotice(changed);
    expect(notice.enquiry).toContain("deleted 18 months after");
    expect(notice.enquiry).toContain("for seven years after");
    expect(notice.application).toContain("four months after we tell you or you withdraw");
    expect(notice.application).toContain("for two years from the day you agree");
    expect(notice.automatic).toContain("deleted 14 days after they arrive");
    expect(notice.backups).toContain("within 60 days");
    expect(notice.enquiry).not.toContain("12 months");
    for (const promise of promises(changed)) {
      expect(promise.sentence).toContain(describePeriod(promise.period));
      expect(retentionOf(promise.lead, changed).deleteAt).toBe(addPeriod(t, promise.period));
    }
  });

  it("says that an address whose mail bounces is kept, and until when", () => {
    // The bounce reader blocks such an address (server/bounces/); erasure and staff's unblocking lift it.
    const text = renderedText();
    expect(text).toContain("we note the address so that we send nothing more to it");
    expect(text).toContain("We remove it when you ask us to delete your details");
  });

  it("shows the published prose, each paragraph and item its own, with the code's promises where they stood", () => {
    const page: PrivacyPage = {
      ...shippedPrivacyPage,
      heading: "How We Look After Your Information",
      updated: "January 2027",
      deletion: {
        heading: "When your information goes",
        text: "A returned e-mail blocks the address.\n\nWe unblock it <b>when you ask</b>.",
      },
      rights: { ...shippedPrivacyPage.rights, list: "- see what we hold\n\nput it right" },
    };
    const html = renderedHtml(page);
    expect(html).toContain(">How We Look After Your Information</h1>");
    expect(html).toContain(">When your information goes</h2>");
    // Markup typed is shown as text; each paragraph is its own, between the periods the code states.
    const notice = retentionNotice(retention);
    const deletion = html.slice(html.indexOf('id="deletion"'), html.indexOf('id="recipients"'));
    expect(deletion).toContain(
      `<p class="mt-4 text-navy-800">${notice.automatic}</p><p class="mt-4 text-navy-800">A returned e-mail blocks the address.</p><p class="mt-4 text-navy-800">We unblock it &lt;b&gt;when you ask&lt;/b&gt;.</p>`,
    );
    expect(deletion).toContain(`deleted after ${describePeriod(retention.backups)}`);
    expect(deletion.indexOf("We unblock it")).toBeLessThan(deletion.indexOf(notice.backups.slice(0, 40)));
    expect(html).toContain("<li>see what we hold</li><li>put it right</li>");
    expect(html).not.toContain("we note the address so that we send nothing more to it");
    // What the code promises stays, whatever the words.
    const text = renderedText(page);
    expect(text).toContain("Last updated January 2027");
    expect(text).toContain("To use any of these rights, e-mail enquiries@cottonopolis.example");
    for (const sentence of Object.values(notice)) expect(text).toContain(sentence);
  });
});
