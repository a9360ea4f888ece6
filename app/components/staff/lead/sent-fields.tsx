import type { AnswerInWords } from "#core/config/quote-questions.ts";
import { type SentApplication, type SentDetail, type SentEnquiry, sentDetails } from "#core/leads/fields.ts";
import { NiNumber } from "./ni-number";
import { SiteDetails } from "./site-details";

/** What the person filled in on the contact or careers form, as the page has it: the NI number masked. */
export type SentLead =
  | (SentEnquiry & { siteDetails?: readonly AnswerInWords[] })
  | (Omit<SentApplication, "niNumber"> & { niNumberMasked: string });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-navy-100 pt-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-navy-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The lead's fields as sent, each under its label, in the words of the table every reader shares
 * (core/leads/fields.ts); `niNumber` is the number once revealed.
 */
export function SentFields({ lead, niNumber }: { lead: SentLead; niNumber: string | undefined }) {
  const details = sentDetails(
    lead.kind === "application" ? { ...lead, niNumber: lead.niNumberMasked } : lead,
  );
  // Three fields do more on this page than be read: a number to call, a message whose lines matter
  // and a National Insurance number to reveal.
  function shown(detail: SentDetail): React.ReactNode {
    switch (detail.key) {
      case "phone":
        return lead.phone.trim() === "" ? (
          detail.value
        ) : (
          <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>{lead.phone}</a>
        );
      case "message":
        return <span className="whitespace-pre-wrap">{detail.value}</span>;
      case "niNumber":
        return <NiNumber masked={detail.value} revealed={niNumber} />;
      default:
        return detail.value;
    }
  }
  return (
    <>
      <dl className="space-y-2">
        {details.map((detail) => (
          <Row key={detail.key} label={detail.label}>
            {shown(detail)}
          </Row>
        ))}
      </dl>
      {lead.kind === "enquiry" && <SiteDetails details={lead.siteDetails ?? []} />}
    </>
  );
}
