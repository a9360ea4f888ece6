import { yesNo } from "../../../../core/leads/model";
import { NiNumber } from "./ni-number";

type Sender = { firstName: string; lastName: string; email: string; phone: string };

/** What the person filled in on the contact or careers form. */
export type SentLead =
  | (Sender & { kind: "enquiry"; company: string; serviceLabel: string; message: string })
  | (Sender & {
      kind: "application";
      address: string;
      hasCar: string;
      hasUkLicence: string;
      rightToWork: string;
      niNumberMasked: string;
    });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-navy-100 pt-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-navy-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The lead's fields as sent, each under its label; `niNumber` is the number once revealed. */
export function SentFields({ lead, niNumber }: { lead: SentLead; niNumber: string | undefined }) {
  return (
    <dl className="space-y-2">
      <Row label="First name">{lead.firstName}</Row>
      <Row label="Last name">{lead.lastName}</Row>
      <Row label="E-mail">{lead.email}</Row>
      <Row label="Phone">
        {lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>{lead.phone}</a> : "Not given"}
      </Row>
      {lead.kind === "enquiry" ? (
        <>
          <Row label="Company">{lead.company || "Not given"}</Row>
          <Row label="Service">{lead.serviceLabel}</Row>
          <Row label="Message">
            <span className="whitespace-pre-wrap">{lead.message}</span>
          </Row>
        </>
      ) : (
        <>
          <Row label="Address">{lead.address}</Row>
          <Row label="Has a car">{yesNo(lead.hasCar)}</Row>
          <Row label="Holds a UK driving licence">{yesNo(lead.hasUkLicence)}</Row>
          <Row label="Right to work in the UK">{yesNo(lead.rightToWork)}</Row>
          <Row label="National Insurance number">
            <NiNumber masked={lead.niNumberMasked} revealed={niNumber} />
          </Row>
        </>
      )}
    </dl>
  );
}
