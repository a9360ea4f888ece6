/**
 * An accreditation as site content: the zod schema every saved version is checked by (the same shape the
 * pages render, `Accreditation` in core/config/accreditations.ts), its limits, and how the staff form's
 * fields turn into one. The register-link rule holds here too (core/claims/accreditations.ts): a link
 * that is not https to its scheme's register host is refused, with a message by the field.
 */
import { characterProblem, type TextShape } from "../characters.ts";
import { hasRegisterLink } from "../claims/accreditations.ts";
import { type Accreditation, type RegisterKey, registers } from "../config/accreditations.ts";
import { type ServiceKey, serviceList } from "../config/service-list.ts";
import { z } from "../forms/zod.ts";

/** The longest each field may be, and how many lines "what it covers" may have: what the card's design holds. */
export const accreditationLimits = {
  scheme: 80,
  number: 40,
  cover: 160,
  covers: 6,
  issuer: 80,
  url: 300,
} as const;

const text = (label: string, max: number, shape: TextShape = "one line") =>
  z
    .string({ error: `Enter ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter ${label}.` })
        .max(max, { error: `${capital(label)} must be ${max} characters or fewer.` })
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, capital(label), shape);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );

function capital(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const httpsLink = (label: string) =>
  text(label, accreditationLimits.url).refine(
    (value) => {
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    },
    { error: `${capital(label)} must be a whole address starting https://.` },
  );

const registerKeys = Object.keys(registers) as [RegisterKey, ...RegisterKey[]];
const serviceKeys = serviceList.map((service) => service.key) as [ServiceKey, ...ServiceKey[]];

/** Is this a real calendar day, YYYY-MM-DD? */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** An accreditation as stored in a version and shown by the pages. */
export const accreditationSchema = z
  .object({
    scheme: text("the scheme's name", accreditationLimits.scheme),
    covers: z
      .array(text("what it covers", accreditationLimits.cover), { error: "Say what it covers." })
      .min(1, { error: "Say what it covers, one thing a line." })
      .max(accreditationLimits.covers, {
        error: `Say what it covers in ${accreditationLimits.covers} lines or fewer.`,
      }),
    services: z.array(z.enum(serviceKeys, { error: "Choose from the services listed." })),
    number: text("the number", accreditationLimits.number),
    validUntil: z
      .string({ error: "Enter the last day it is valid." })
      .trim()
      .refine(isCalendarDay, { error: "Enter the last day as a date, such as 2031-03-03." }),
    issuedBy: z.object({
      name: text("who issued it", accreditationLimits.issuer),
      url: httpsLink("the issuer's address"),
    }),
    register: z.enum(registerKeys, { error: "Choose the register it is listed on." }),
    checkUrl: httpsLink("the register link"),
    sample: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!hasRegisterLink(value as Accreditation)) {
      const register = registers[value.register];
      ctx.addIssue({
        code: "custom",
        path: ["checkUrl"],
        message: registerLinkProblem(register),
      });
    }
  })
  .transform((value) => value as Accreditation);

/** The staff form's fields for an accreditation, as they are posted. */
export type AccreditationFields = {
  scheme: string;
  number: string;
  covers: string;
  services: string[];
  issuer: string;
  issuerUrl: string;
  validUntil: string;
  register: string;
  checkUrl: string;
};

/** The form's field each part of the schema is reported against. */
const fieldOfPath: Record<string, keyof AccreditationFields> = {
  scheme: "scheme",
  number: "number",
  covers: "covers",
  services: "services",
  validUntil: "validUntil",
  "issuedBy.name": "issuer",
  "issuedBy.url": "issuerUrl",
  register: "register",
  checkUrl: "checkUrl",
};

/** An accreditation's fields, as the form shows them filled in. */
export function fieldsOf(item: Accreditation): AccreditationFields {
  return {
    scheme: item.scheme,
    number: item.number,
    covers: item.covers.join("\n"),
    services: [...item.services],
    issuer: item.issuedBy.name,
    issuerUrl: item.issuedBy.url,
    validUntil: item.validUntil,
    register: item.register,
    checkUrl: item.checkUrl,
  };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Record<string, string> };

/**
 * The form's fields checked as an accreditation: the value, or each problem by its field. A version
 * made by staff is no shipped sample.
 */
export function accreditationFromFields(fields: AccreditationFields): Checked<Accreditation> {
  const parsed = accreditationSchema.safeParse({
    scheme: fields.scheme,
    number: fields.number,
    covers: fields.covers
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.length > 0),
    services: fields.services,
    validUntil: fields.validUntil,
    issuedBy: { name: fields.issuer, url: fields.issuerUrl },
    register: fields.register,
    checkUrl: fields.checkUrl,
    sample: false,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = problemsByField(parsed.error.issues);
  // The register-link rule is the object's, which zod checks only once every field passes: say it at once.
  const register = registers[fields.register as RegisterKey];
  if (
    !problems.checkUrl &&
    register &&
    !hasRegisterLink({
      register: fields.register as RegisterKey,
      checkUrl: fields.checkUrl as `https://${string}`,
    })
  ) {
    problems.checkUrl = registerLinkProblem(register);
  }
  return { ok: false, problems };
}

function registerLinkProblem(register: { name: string; host: string }): string {
  return `The register link must go to ${register.name}, at https://${register.host}/.`;
}

/** Each problem by the form's field it belongs to, the first for each. */
function problemsByField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.filter((part) => typeof part === "string").join(".");
    const field = fieldOfPath[path] ?? "scheme";
    problems[field] ??= issue.message;
  }
  return problems;
}
