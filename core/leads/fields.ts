/**
 * The one table of what a person sends with a lead: each field's label and how its stored value reads.
 * The lead's page, the staff e-mail, the People page and the person's own archive all take their words
 * from here, and the CSV export its value formatting (its column headers are a contract of their own),
 * so the same fact reads the same way wherever it is shown.
 */
import type { contactFields } from "../forms/contact-fields.ts";
import { documentLabel, type LeadKind, serviceLabel, yesNo } from "./model.ts";

/** Who sent a lead, as both kinds of lead store it. */
export type Sender = { firstName: string; lastName: string; email: string; phone: string };

/** What someone sent with an enquiry, as stored. */
export type SentEnquiry = Sender & { kind: "enquiry"; company: string; service: string; message: string };

/** What someone sent with an application, as stored; the NI number already in the form its reader may see. */
export type SentApplication = Sender & {
  kind: "application";
  address: string;
  hasCar: string;
  hasUkLicence: string;
  rightToWork: string;
  /** Masked ("AB •• •• •• C"), spaced in full for the person's archive, or the words for an unreadable one. */
  niNumber: string;
};

/** What someone sent with a lead of either kind. */
export type SentLead = SentEnquiry | SentApplication;

/** The name of one field a person fills in, on either form. */
export type LeadFieldKey = Exclude<keyof SentEnquiry | keyof SentApplication, "kind">;

/** One field of a lead: what it is called and how its stored value reads. */
export type LeadField = {
  /** The label on the lead's page and in the staff e-mail. */
  label: string;
  /**
   * The label in the person's own records (the People page and their archive): read out of the
   * workspace's context, so a short label such as "Address" is spelt out.
   */
  personLabel: string;
  /** The stored value in words: yes/no, a service's name; most values read as they are. */
  format: (value: string) => string;
  /** What shows in place of a value left empty; "" to show it empty. A spreadsheet always shows it empty. */
  whenEmpty: string;
};

const asIs = (value: string) => value;

function field(label: string, options: Partial<Omit<LeadField, "label">> = {}): LeadField {
  return { label, personLabel: label, format: asIs, whenEmpty: "", ...options };
}

const notGiven = "Not given";

/** Every field a lead can have. */
export const leadFields: Record<LeadFieldKey, LeadField> = {
  firstName: field("First name"),
  lastName: field("Last name"),
  email: field("E-mail", { personLabel: "E-mail address" }),
  phone: field("Phone", { whenEmpty: notGiven }),
  company: field("Company", { whenEmpty: notGiven }),
  // serviceLabel has its own words for none: "Not specified".
  service: field("Service", { format: serviceLabel }),
  message: field("Message"),
  address: field("Address", { personLabel: "Postal address" }),
  hasCar: field("Has a car", { format: yesNo }),
  hasUkLicence: field("Holds a UK driving licence", { format: yesNo }),
  rightToWork: field("Right to work in the UK", { format: yesNo }),
  niNumber: field("National Insurance number"),
};

/**
 * The fields of an enquiry: the contact form's, in the order it asks for them. Written out rather than
 * imported, so the contact page's script does not share a chunk with the workspace; the type holds the
 * two lists to the same names in the same order.
 */
export const enquiryFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "service",
  "message",
] as const satisfies typeof contactFields & readonly (keyof SentEnquiry)[];

/** The fields of an application, in the order the careers form asks for them. */
export const applicationFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "hasCar",
  "hasUkLicence",
  "rightToWork",
  "niNumber",
] as const satisfies readonly (keyof SentApplication)[];

/** The fields of each kind of lead, in order. */
export const fieldsOf: Record<LeadKind, readonly LeadFieldKey[]> = {
  enquiry: enquiryFields,
  application: applicationFields,
};

/** One field's value as people read it: formatted, or its words for nothing given ("Not given"). */
export function fieldText(key: LeadFieldKey, value: string): string {
  const { format, whenEmpty } = leadFields[key];
  return whenEmpty && value.trim() === "" ? whenEmpty : format(value);
}

/**
 * One field's stored value formatted for a spreadsheet: "" when this kind of lead has no such field,
 * and an empty value left empty.
 */
export function fieldCell(kind: LeadKind, key: LeadFieldKey, value: string): string {
  return fieldsOf[kind].includes(key) ? leadFields[key].format(value) : "";
}

/** One line of what a person sent: which field, its label and its value in words. */
export type SentDetail = { key: LeadFieldKey; label: string; value: string };

/** Who reads the details: staff (the lead's page, the staff e-mail), or the person in their own records. */
export type DetailReader = "staff" | "person";

/** What the person sent, field by field in the form's order, labelled for its reader. */
export function sentDetails(lead: SentLead, reader: DetailReader = "staff"): SentDetail[] {
  return lead.kind === "enquiry"
    ? detailsOf(lead, enquiryFields, reader)
    : detailsOf(lead, applicationFields, reader);
}

function detailsOf<Lead extends SentLead>(
  lead: Lead,
  keys: readonly (keyof Lead & LeadFieldKey)[],
  reader: DetailReader,
): SentDetail[] {
  return keys.map((key) => {
    const { label, personLabel } = leadFields[key];
    return {
      key,
      label: reader === "person" ? personLabel : label,
      value: fieldText(key, String(lead[key])),
    };
  });
}

/** A document as it is listed: "CV: Zoë's CV.pdf". */
export function documentName(document: { field: string; fileName: string }): string {
  return `${documentLabel(document.field)}: ${document.fileName}`;
}
