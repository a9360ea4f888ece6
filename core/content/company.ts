/**
 * The company's facts as site content: the phone, e-mail, office address, opening hours, emergency line,
 * areas served, company registration and insurance every page, the structured data and the e-mails'
 * signatures show. One item ("Company details"), checked by the zod schema below; the shipped values
 * are core/config/site.ts's, so a fresh installation shows exactly what it always did. What is not a fact
 * staff keep (the site's address, the map, the brand, the retention periods) stays in the config.
 */
import { characterProblem } from "../characters.ts";
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import type { CompanyFacts } from "./company-facts.ts";

/** The longest each field may be, and how many lines a list may have: what the footer and cards hold. */
export const companyLimits = {
  email: 120,
  street: 100,
  locality: 60,
  days: 40,
  time: 40,
  hours: 6,
  emergency: 160,
  region: 60,
  place: 40,
  places: 20,
  registeredOffice: 160,
  insuranceName: 60,
  cover: 40,
  insurance: 6,
  founded: 20,
} as const;

/** Why a version needs approval, in the words the editor reads beside Ask for approval. */
export const approvalReason =
  "This changes the company's legal details (company number, registered office, insurance), its founding date, or how people reach us about their data (e-mail, postal address), so a second person with Approve site content must approve it.";

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A founding date as a month and a year ("june 2024" is "June 2024"), or null when it is not one, or later than `thisYear`. */
export function monthAndYear(value: string, thisYear = new Date().getUTCFullYear()): string | null {
  const match = /^([A-Za-z]+)\s+(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = months.find((name) => name.toLowerCase() === (match[1] ?? "").toLowerCase());
  const year = Number(match[2]);
  if (!month || year < 1800 || year > thisYear) return null;
  return `${month} ${year}`;
}

/** The parts of the UK a company can be registered in, as Companies House names them. */
export const registeredInChoices = ["England and Wales", "Scotland", "Northern Ireland"] as const;

function capital(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .transform((value) => value.normalize("NFC").trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, { error: `Enter ${label}.` })
        .max(max, { error: `${capital(label)} must be ${max} characters or fewer.` })
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, capital(label), "one line");
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );

/** A UK number as digits only, national form ("01614960123"), or null when it is not one. */
export function ukNationalDigits(value: string): string | null {
  if (!/^[0-9+()\s-]+$/.test(value)) return null;
  const compact = value.replace(/[\s()-]/g, "");
  const national = compact.startsWith("+44") ? `0${compact.slice(3).replace(/^0/, "")}` : compact;
  return /^0[1-9]\d{8,9}$/.test(national) ? national : null;
}

/** A UK postcode in its usual written form ("M2 3HZ"), or null when it is not one. */
export function ukPostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  if (!/^([A-Z]{1,2}\d[A-Z\d]?|GIR)\d[A-Z]{2}$/.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const phone = z.object({ display: text("the office phone number", 20) }).transform((value, ctx) => {
  const digits = ukNationalDigits(value.display);
  if (!digits) {
    ctx.addIssue({
      code: "custom",
      path: ["display"],
      message: "Enter a UK phone number, such as 0161 496 0123.",
    });
    return z.NEVER;
  }
  return { display: value.display, e164: `+44${digits.slice(1)}` };
});

/** A line of the opening hours: the days, then the time ("8:00 AM-6:00 PM" or words, "emergency calls only"). */
const hoursLine = z.object({
  days: text("the days", companyLimits.days),
  time: text("the time", companyLimits.time),
});

/** The company's facts as stored in a version and shown by the pages. */
export const companySchema = z.object({
  phone,
  email: text("the e-mail address", companyLimits.email).pipe(
    z.email({ error: "Enter an e-mail address, such as enquiries@example.co.uk." }),
  ),
  address: z.object({
    street: text("the street address", companyLimits.street),
    locality: text("the town or city", companyLimits.locality),
    postcode: text("the postcode", 10).transform((value, ctx) => {
      const postcode = ukPostcode(value);
      if (!postcode) {
        ctx.addIssue({ code: "custom", message: "Enter a UK postcode, such as M2 3HZ." });
        return z.NEVER;
      }
      return postcode;
    }),
  }),
  hours: z
    .array(hoursLine, { error: "Give the opening hours." })
    .min(1, { error: "Give the opening hours, one line for each group of days." })
    .max(companyLimits.hours, { error: `Give the opening hours in ${companyLimits.hours} lines or fewer.` }),
  emergency: text("the emergency line", companyLimits.emergency),
  areasServed: z.object({
    region: text("the region", companyLimits.region),
    places: z
      .array(text("a place", companyLimits.place))
      .min(1, { error: "Name at least one place, one a line." })
      .max(companyLimits.places, { error: `Name ${companyLimits.places} places or fewer.` }),
  }),
  registration: z.object({
    companyNumber: z
      .string({ error: "Enter the company number." })
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .pipe(
        z.string().regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/, {
          error:
            "Enter the company number as Companies House gives it: 8 characters, such as 19482306 or SC123456.",
        }),
      ),
    registeredIn: z.enum(registeredInChoices, { error: "Choose where the company is registered." }),
    registeredOffice: text("the registered office", companyLimits.registeredOffice),
    vatNumber: z
      .string()
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^GB(\d{9}|\d{12})$/, { error: "Enter the VAT number as GB and 9 digits." }))
      .optional(),
  }),
  insurance: z
    .array(
      z.object({
        name: text("the kind of cover", companyLimits.insuranceName),
        cover: text("the amount of cover", companyLimits.cover),
      }),
    )
    .max(companyLimits.insurance, { error: `List ${companyLimits.insurance} kinds of cover or fewer.` }),
  // Kept with the facts since the claims became words; a version saved before reads the shipped date.
  founded: text("the founding date", companyLimits.founded)
    .transform((value, ctx) => {
      const date = monthAndYear(value);
      if (!date) {
        ctx.addIssue({
          code: "custom",
          message:
            "Enter the founding date as a month and a year, such as June 2024, not later than this year.",
        });
        return z.NEVER;
      }
      return date;
    })
    .default(site.claims.founded),
}) satisfies z.ZodType<CompanyFacts, unknown>;

/** The staff form's fields for the company's facts, as they are posted. */
export type CompanyFields = {
  phone: string;
  email: string;
  street: string;
  locality: string;
  postcode: string;
  hours: string;
  emergency: string;
  region: string;
  places: string;
  companyNumber: string;
  registeredIn: string;
  registeredOffice: string;
  vatNumber: string;
  insurance: string;
  founded: string;
};

/** The form's fields, in the form's order, with what each is reported against. */
export const companyFieldNames = [
  "phone",
  "email",
  "street",
  "locality",
  "postcode",
  "hours",
  "emergency",
  "region",
  "places",
  "companyNumber",
  "registeredIn",
  "registeredOffice",
  "vatNumber",
  "insurance",
  "founded",
] as const satisfies readonly (keyof CompanyFields)[];

const fieldOfPath: [RegExp, keyof CompanyFields][] = [
  [/^phone/, "phone"],
  [/^email/, "email"],
  [/^address\.street/, "street"],
  [/^address\.locality/, "locality"],
  [/^address\.postcode/, "postcode"],
  [/^hours/, "hours"],
  [/^emergency/, "emergency"],
  [/^areasServed\.region/, "region"],
  [/^areasServed\.places/, "places"],
  [/^registration\.companyNumber/, "companyNumber"],
  [/^registration\.registeredIn/, "registeredIn"],
  [/^registration\.registeredOffice/, "registeredOffice"],
  [/^registration\.vatNumber/, "vatNumber"],
  [/^insurance/, "insurance"],
  [/^founded/, "founded"],
];

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** A "before: after" line split at its first colon; a line without one is all before. */
function pair(line: string): [string, string] {
  const at = line.indexOf(":");
  return at === -1 ? [line, ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}

/** The company's facts as the form shows them filled in. */
export function companyFieldsOf(facts: CompanyFacts): CompanyFields {
  return {
    phone: facts.phone.display,
    email: facts.email,
    street: facts.address.street,
    locality: facts.address.locality,
    postcode: facts.address.postcode,
    hours: facts.hours.map((line) => `${line.days}: ${line.time}`).join("\n"),
    emergency: facts.emergency,
    region: facts.areasServed.region,
    places: facts.areasServed.places.join("\n"),
    companyNumber: facts.registration.companyNumber,
    registeredIn: facts.registration.registeredIn,
    registeredOffice: facts.registration.registeredOffice,
    vatNumber: facts.registration.vatNumber ?? "",
    insurance: facts.insurance.map((cover) => `${cover.name}: ${cover.cover}`).join("\n"),
    founded: facts.founded,
  };
}

export type CheckedFacts =
  | { ok: true; value: CompanyFacts }
  | { ok: false; problems: Record<string, string> };

/** Each problem of a parse by the form's field it belongs to, the first for each. */
export function companyProblems(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    const field = fieldOfPath.find(([pattern]) => pattern.test(path))?.[1] ?? "phone";
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The form's fields checked as the company's facts: the value, or each problem by its field. */
export function companyFromFields(fields: CompanyFields): CheckedFacts {
  const problems: Record<string, string> = {};
  const hours = lines(fields.hours).map(pair);
  if (hours.some(([days, time]) => !days || !time)) {
    problems.hours =
      'Write each line of the hours as days, a colon, then the time, such as "Saturday: 9:00 AM-4:00 PM".';
  }
  const insurance = lines(fields.insurance).map(pair);
  if (insurance.some(([name, cover]) => !name || !cover)) {
    problems.insurance =
      'Write each kind of cover as its name, a colon, then the amount, such as "Public liability: £10 million".';
  }
  const vat = fields.vatNumber.trim();
  const parsed = companySchema.safeParse({
    phone: { display: fields.phone },
    email: fields.email,
    address: { street: fields.street, locality: fields.locality, postcode: fields.postcode },
    hours: hours.map(([days, time]) => ({ days, time })),
    emergency: fields.emergency,
    areasServed: { region: fields.region, places: lines(fields.places) },
    registration: {
      companyNumber: fields.companyNumber,
      registeredIn: fields.registeredIn,
      registeredOffice: fields.registeredOffice,
      ...(vat ? { vatNumber: vat } : {}),
    },
    insurance: insurance.map(([name, cover]) => ({ name, cover })),
    founded: fields.founded,
  });
  if (parsed.success && Object.keys(problems).length === 0) return { ok: true, value: parsed.data };
  if (!parsed.success) {
    for (const [field, problem] of Object.entries(companyProblems(parsed.error.issues))) {
      problems[field] ??= problem;
    }
  }
  return { ok: false, problems };
}

/** The form's field names as people read them, for the difference between versions. */
export const companyFieldWords: Record<keyof CompanyFields, string> = {
  phone: "Office phone",
  email: "E-mail address",
  street: "Street address",
  locality: "Town or city",
  postcode: "Postcode",
  hours: "Opening hours",
  emergency: "Emergency line",
  region: "Region served",
  places: "Places served",
  companyNumber: "Company number",
  registeredIn: "Registered in",
  registeredOffice: "Registered office",
  vatNumber: "VAT number",
  insurance: "Insurance",
  founded: "Founded",
};

/** The fields that differ between two versions of the company's facts, with their words before and after. */
export function companyChanges(
  before: CompanyFacts,
  after: CompanyFacts,
): { field: string; before: string; after: string }[] {
  const old = companyFieldsOf(before);
  const now = companyFieldsOf(after);
  return companyFieldNames
    .filter((name) => old[name] !== now[name])
    .map((name) => ({
      field: companyFieldWords[name],
      before: old[name].replace(/\n/g, "; "),
      after: now[name].replace(/\n/g, "; "),
    }));
}
