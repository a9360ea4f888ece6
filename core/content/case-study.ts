/**
 * A case study as site content: the zod schema every saved version is checked by (its output is the
 * `CaseStudy` the pages render, core/case-studies/model.ts), the limits the layout holds, how the staff
 * form's fields turn into one, and a readable difference between two versions. Every word is plain text:
 * the pages escape it, and markup or control characters are refused by the field. A quote that names a
 * person needs the record of their permission (who agreed, when and how); the shipped samples, whose
 * people are fictional, are the only exception.
 */

import {
  type CaseStudy,
  type PermissionWay,
  permissionWays,
  permissionWayWords,
} from "../case-studies/model.ts";
import { caseStudiesPath, caseStudyPath } from "../case-studies/paths.ts";
import { characterProblem, type TextShape } from "../characters.ts";
import { type ServiceKey, serviceList } from "../config/service-list.ts";
import { z } from "../forms/zod.ts";
import { pictureIdPattern } from "../pictures/model.ts";
import { normalisePath, pageName } from "../seo.ts";
import type { ContentChange } from "./model.ts";

/** Where staff write a new case study, in the workspace. */
export const newCaseStudyPath = "/staff/content/case-study/new";

/** Where staff erase a named person's words from every case study, on their request. */
export const quoteErasurePath = "/staff/content/quote-erasure";

/** The longest each field may be, and how many of each: what the case study's cards and page hold. */
export const caseStudyLimits = {
  slug: 60,
  title: 90,
  summary: 240,
  sector: 80,
  clientName: 80,
  siteKind: 120,
  siteSize: 120,
  siteHours: 120,
  services: 5,
  paragraph: 900,
  paragraphs: 4,
  figure: 16,
  measure: 120,
  results: 4,
  quote: 500,
  name: 60,
  role: 60,
  agreedBy: 80,
  note: 300,
  photos: 4,
} as const;

function capital(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** One field of plain text, trimmed, within its length; markup is refused, so nothing but words reach the page. */
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
          else if (/<[a-z!/?]/i.test(value)) {
            ctx.addIssue({
              code: "custom",
              message: `${capital(label)} must be plain words, without markup.`,
            });
          }
        }),
    );

/** Is this a real calendar day, YYYY-MM-DD? */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

const day = (label: string, example: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .refine(isCalendarDay, { error: `Enter ${label} as a date, such as ${example}.` })
    .transform((value) => value as `${number}-${number}-${number}`);

const serviceKeys = serviceList.map((service) => service.key) as [ServiceKey, ...ServiceKey[]];

const paragraphs = (label: string) =>
  z
    .array(text(label, caseStudyLimits.paragraph, "lines"), { error: `Enter ${label}.` })
    .min(1, { error: `Enter ${label}, one paragraph or more.` })
    .max(caseStudyLimits.paragraphs, {
      error: `${capital(label)} must be ${caseStudyLimits.paragraphs} paragraphs or fewer.`,
    });

const permissionSchema = z.object({
  agreedBy: text("who agreed", caseStudyLimits.agreedBy),
  agreedOn: day("the day they agreed", "2026-03-02"),
  how: z.enum(permissionWays, { error: "Choose how they agreed." }),
  note: z
    .string()
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z.string().max(caseStudyLimits.note, {
        error: `The note must be ${caseStudyLimits.note} characters or fewer.`,
      }),
    )
    .optional()
    .transform((value) => (value ? value : undefined)),
});

const testimonialSchema = z.object({
  quote: text("the client's words", caseStudyLimits.quote, "lines"),
  name: text("the person's name", caseStudyLimits.name),
  role: text("their role", caseStudyLimits.role),
  date: day("the day they said it", "2026-03-02"),
  permission: permissionSchema.optional(),
});

/** A case study as stored in a version and shown by the pages; its photos are picture ids, checked against the library by the service. */
export const caseStudySchema = z
  .object({
    slug: z
      .string({ error: "Enter the address." })
      .min(1, { error: "Enter the address." })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
        error: "The address must be lower-case letters, numbers and single dashes, such as salford-office.",
      })
      .max(caseStudyLimits.slug, {
        error: `The address must be ${caseStudyLimits.slug} characters or fewer.`,
      })
      // The workspace's address for a new case study is /staff/content/case-study/new.
      .refine((value) => value !== "new", { error: "Choose an address other than “new”." }),
    title: text("the title", caseStudyLimits.title),
    summary: text("the summary", caseStudyLimits.summary),
    client: z.union([
      z.object({
        sector: text("the client's sector", caseStudyLimits.sector),
        namedWithPermission: z.literal(true),
        clientName: text("the client's name", caseStudyLimits.clientName),
      }),
      z.object({
        sector: text("the client's sector", caseStudyLimits.sector),
        namedWithPermission: z.literal(false).optional(),
      }),
    ]),
    site: z.object({
      kind: text("the kind of site", caseStudyLimits.siteKind),
      size: text("the site's size", caseStudyLimits.siteSize),
      hours: text("the hours we are there", caseStudyLimits.siteHours),
    }),
    services: z
      .array(z.enum(serviceKeys, { error: "Choose from the services listed." }))
      .min(1, { error: "Choose the services the work used, one or more." })
      .max(caseStudyLimits.services, { error: "Choose each service once." })
      .refine((list) => new Set(list).size === list.length, { error: "Choose each service once." }),
    started: z
      .string({ error: "Enter the month the work began." })
      .trim()
      .refine((value) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value), {
        error: "Enter the month the work began, such as 2026-02.",
      }),
    problem: paragraphs("the problem"),
    approach: paragraphs("what we did"),
    results: z
      .array(
        z.object({
          figure: text("the figure", caseStudyLimits.figure),
          measure: text("what the figure measures", caseStudyLimits.measure),
        }),
      )
      .min(1, { error: "Give one result or more, as a figure and what it measures." })
      .max(caseStudyLimits.results, { error: `Give ${caseStudyLimits.results} results or fewer.` }),
    testimonial: testimonialSchema.nullable(),
    photos: z
      .array(z.string().regex(pictureIdPattern, { error: "Choose photos from the picture library." }), {
        error: "Choose photos from the picture library.",
      })
      .max(caseStudyLimits.photos, { error: `Choose ${caseStudyLimits.photos} photos or fewer.` })
      .refine((list) => new Set(list).size === list.length, { error: "Choose each photo once." })
      .optional(),
    sample: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.testimonial && !value.testimonial.permission && !value.sample) {
      ctx.addIssue({
        code: "custom",
        path: ["testimonial", "permission", "agreedBy"],
        message: "Record who agreed to be quoted by name, when and how.",
      });
    }
  })
  .transform((value) => value as unknown as CaseStudy);

/** The staff form's fields for a case study, as they are posted. */
export type CaseStudyFields = {
  slug: string;
  title: string;
  summary: string;
  sector: string;
  clientName: string;
  siteKind: string;
  siteSize: string;
  siteHours: string;
  services: string[];
  started: string;
  /** Paragraphs, one blank line between them. */
  problem: string;
  approach: string;
  /** One result per pair of fields: figure1 and measure1, up to four. */
  figures: string[];
  measures: string[];
  quote: string;
  name: string;
  role: string;
  date: string;
  agreedBy: string;
  agreedOn: string;
  how: string;
  note: string;
  /** The photos chosen, by picture id: the lead photo first. */
  photos: string[];
};

/** The form's field each part of the schema is reported against. */
function fieldOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  const joined = parts.join(".");
  const simple: Record<string, string> = {
    slug: "slug",
    title: "title",
    summary: "summary",
    "client.sector": "sector",
    "client.clientName": "clientName",
    "site.kind": "siteKind",
    "site.size": "siteSize",
    "site.hours": "siteHours",
    services: "services",
    started: "started",
    problem: "problem",
    approach: "approach",
    results: "figure1",
    "testimonial.quote": "quote",
    "testimonial.name": "name",
    "testimonial.role": "role",
    "testimonial.date": "date",
    "testimonial.permission.agreedBy": "agreedBy",
    "testimonial.permission.agreedOn": "agreedOn",
    "testimonial.permission.how": "how",
    "testimonial.permission.note": "note",
  };
  if (simple[joined]) return simple[joined];
  if (["problem", "approach", "services", "photos"].includes(parts[0] ?? "")) return parts[0] as string;
  if (parts[0] === "results" && parts[1] !== undefined) {
    const n = Number(parts[1]) + 1;
    return parts[2] === "measure" ? `measure${n}` : `figure${n}`;
  }
  if (parts[0] === "client") return "sector";
  return "title";
}

/** Each problem by the form's field it belongs to, the first for each. */
export function caseStudyProblems(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    // A union's issue names the branch's problems; report the first of them by its own field.
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const first = issue.errors.find((list) => list.length > 0)?.[0];
      if (first) {
        problems[fieldOf([...issue.path, ...first.path])] ??= first.message;
        continue;
      }
    }
    problems[fieldOf(issue.path)] ??= issue.message;
  }
  return problems;
}

/** Paragraphs as the form shows them: a blank line between each. */
const joinParagraphs = (list: readonly string[]) => list.join("\n\n");
const splitParagraphs = (value: string) =>
  value
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter((part) => part.length > 0);

/** A case study's fields, as the form shows them filled in. */
export function caseStudyFieldsOf(item: CaseStudy): CaseStudyFields {
  const testimonial = item.testimonial;
  return {
    slug: item.slug,
    title: item.title,
    summary: item.summary,
    sector: item.client.sector,
    clientName: item.client.namedWithPermission ? item.client.clientName : "",
    siteKind: item.site.kind,
    siteSize: item.site.size,
    siteHours: item.site.hours,
    services: [...item.services],
    started: item.started,
    problem: joinParagraphs(item.problem),
    approach: joinParagraphs(item.approach),
    figures: item.results.map((result) => result.figure),
    measures: item.results.map((result) => result.measure),
    quote: testimonial?.quote ?? "",
    name: testimonial?.name ?? "",
    role: testimonial?.role ?? "",
    date: testimonial?.date ?? "",
    agreedBy: testimonial?.permission?.agreedBy ?? "",
    agreedOn: testimonial?.permission?.agreedOn ?? "",
    how: testimonial?.permission?.how ?? "",
    note: testimonial?.permission?.note ?? "",
    photos: [...(item.photos ?? [])],
  };
}

/** An empty form, for a new case study. */
export const emptyCaseStudyFields: CaseStudyFields = {
  slug: "",
  title: "",
  summary: "",
  sector: "",
  clientName: "",
  siteKind: "",
  siteSize: "",
  siteHours: "",
  services: [],
  started: "",
  problem: "",
  approach: "",
  figures: [],
  measures: [],
  quote: "",
  name: "",
  role: "",
  date: "",
  agreedBy: "",
  agreedOn: "",
  how: "",
  note: "",
  photos: [],
};

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Record<string, string> };

/**
 * The Address field as staff fill it in: the last part of the page's address alone
 * (bolton-college-cleaning), or the whole path or address pasted (/case-studies/bolton-college-cleaning,
 * https://…/case-studies/bolton-college-cleaning), which is taken as its last part. Any other page's
 * address is refused by name: a case study's page is always under the list of them. The part is then
 * checked by the schema (letters, numbers, dashes, length).
 */
export function addressTyped(typed: string): { ok: true; slug: string } | { ok: false; problem: string } {
  const value = typed.trim();
  if (!value.includes("/")) return { ok: true, slug: value };
  let path: string;
  try {
    path = normalisePath(new URL(value, "http://address.invalid").pathname);
  } catch {
    return {
      ok: false,
      problem: `The address must be the end of ${caseStudiesPath}/…, such as salford-office.`,
    };
  }
  const under = `${caseStudiesPath}/`;
  const rest = path.startsWith(under) ? path.slice(under.length) : null;
  if (rest !== null && rest !== "" && !rest.includes("/")) return { ok: true, slug: rest };
  const name = pageName(path) ?? (path === caseStudiesPath ? "Case studies" : null);
  return {
    ok: false,
    problem: name
      ? `The address ${path} is the ${name} page's: a case study's address is under ${under}, such as ${under}salford-office.`
      : `The address must be under ${under}, such as ${under}salford-office.`,
  };
}

/** Another case study's addresses, as a case study's own is checked against them. */
export type OtherCaseStudy = {
  title: string;
  /** Where it answers now, or will once a version of it waiting is published. */
  current: readonly string[];
  /** Where it answered before: its old addresses, each leading to it (or to its 404, once taken down). */
  former: readonly string[];
};

/**
 * Why a case study cannot have this address (the last part of it): another case study answers there now
 * or will, or did once (old links to it must never lead to other work). Null when the address is free.
 */
export function addressTakenProblem(slug: string, others: readonly OtherCaseStudy[]): string | null {
  const path = caseStudyPath(slug);
  const now = others.find((other) => other.current.includes(slug));
  if (now) return `The address ${path} is taken by the case study “${now.title}”: choose another.`;
  const before = others.find((other) => other.former.includes(slug));
  if (before) {
    return `The address ${path} was the case study “${before.title}”'s, and old links to it must not lead to other work: choose another.`;
  }
  return null;
}

/**
 * The form's fields checked as a case study: the value, or each problem by its field. A version made by
 * staff is no shipped sample. Leaving the quote, name and role all empty means no testimonial.
 */
export function caseStudyFromFields(fields: CaseStudyFields): Checked<CaseStudy> {
  const results = [0, 1, 2, 3]
    .map((i) => ({ figure: fields.figures[i] ?? "", measure: fields.measures[i] ?? "" }))
    .filter((result) => result.figure.trim() || result.measure.trim());
  const hasTestimonial = [fields.quote, fields.name, fields.role, fields.date].some((value) => value.trim());
  const clientName = fields.clientName.trim();
  const address = addressTyped(fields.slug);
  const parsed = caseStudySchema.safeParse({
    slug: address.ok ? address.slug : fields.slug.trim(),
    title: fields.title,
    summary: fields.summary,
    client: clientName
      ? { sector: fields.sector, namedWithPermission: true, clientName }
      : { sector: fields.sector },
    site: { kind: fields.siteKind, size: fields.siteSize, hours: fields.siteHours },
    services: fields.services,
    started: fields.started,
    problem: splitParagraphs(fields.problem),
    approach: splitParagraphs(fields.approach),
    results,
    testimonial: hasTestimonial
      ? {
          quote: fields.quote,
          name: fields.name,
          role: fields.role,
          date: fields.date,
          permission:
            fields.agreedBy.trim() || fields.agreedOn.trim() || fields.how.trim()
              ? {
                  agreedBy: fields.agreedBy,
                  agreedOn: fields.agreedOn,
                  how: fields.how,
                  note: fields.note,
                }
              : undefined,
        }
      : null,
    // No photos means no field, so a case study without them reads as it always did.
    ...(fields.photos.length > 0 ? { photos: fields.photos } : {}),
    sample: false,
  });
  if (parsed.success && address.ok) return { ok: true, value: parsed.data };
  const problems = parsed.success ? {} : caseStudyProblems(parsed.error.issues);
  if (address.ok) return { ok: false, problems };
  // The address's own problem, first, as the field is first in the form.
  const first: Record<string, string> = { slug: address.problem, ...problems };
  first.slug = address.problem;
  return { ok: false, problems: first };
}

const serviceWords = (keys: readonly ServiceKey[]) =>
  keys.map((key) => serviceList.find((entry) => entry.key === key)?.name ?? key).join(", ");

/** A case study's fields as people read them, in the form's order. */
function readableCaseStudy(item: CaseStudy): [string, string][] {
  const testimonial = item.testimonial;
  const permission = testimonial?.permission;
  return [
    ["Address", caseStudyPath(item.slug)],
    ["Title", item.title],
    ["Summary", item.summary],
    ["Client's sector", item.client.sector],
    ["Client's name", item.client.namedWithPermission ? item.client.clientName : "Not named"],
    ["Site", item.site.kind],
    ["Size", item.site.size],
    ["Hours", item.site.hours],
    ["Services", serviceWords(item.services)],
    ["Work began", item.started],
    ["The problem", item.problem.join(" / ")],
    ["What we did", item.approach.join(" / ")],
    ["Results", item.results.map((result) => `${result.figure} ${result.measure}`).join("; ")],
    ["Quote", testimonial?.quote ?? "None"],
    ["Said by", testimonial ? `${testimonial.name}, ${testimonial.role}, ${testimonial.date}` : "None"],
    [
      "Permission",
      permission
        ? `${permission.agreedBy}, ${permission.agreedOn}, ${permissionWayWords[permission.how as PermissionWay] ?? permission.how}${permission.note ? ` (${permission.note})` : ""}`
        : "None recorded",
    ],
    ["Photos", item.photos?.length ? item.photos.join(", ") : "None"],
  ];
}

/** The fields that differ between two versions of a case study, with their words before and after. */
export function caseStudyChanges(before: CaseStudy, after: CaseStudy): ContentChange[] {
  const old = new Map(readableCaseStudy(before));
  return readableCaseStudy(after)
    .filter(([field, value]) => old.get(field) !== value)
    .map(([field, value]) => ({ field, before: old.get(field) ?? "", after: value }));
}
