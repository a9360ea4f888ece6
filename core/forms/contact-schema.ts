import {
  type QuoteAnswers,
  type QuoteQuestion,
  questionsFor,
  quoteQuestionGroups,
} from "../config/quote-questions.ts";
import { serviceOptions } from "../config/service-list.ts";
import { contactLimits, detailsField } from "./contact-fields.ts";
import { emailField, line, paragraph, phoneField } from "./fields.ts";
import { formTokenField } from "./form-token.ts";
import { honeypotField } from "./honeypot.ts";
import { quoteFieldName, quoteTextLimit } from "./quote-fields.ts";
import { z } from "./zod.ts";

export { contactFields, contactLimits, detailsField } from "./contact-fields.ts";
export { contactEndpoint } from "./endpoints.ts";
export { serviceOptions };

const serviceValues: [string, ...string[]] = ["", ...serviceOptions.map((option) => option.value)];

const earliestYear = 2000;
const latestYear = 2100;

/** How one answer is checked: every message names its question. */
function answerSchema(question: QuoteQuestion) {
  const { label } = question;
  switch (question.kind) {
    case "choice":
      return z.enum(question.options.map((option) => option.value) as [string, ...string[]], {
        error: `Please choose one of the listed answers for “${label}”.`,
      });
    case "number": {
      const { min, max } = question;
      const range = `${label} must be a whole number from ${min.toLocaleString("en-GB")} to ${max.toLocaleString("en-GB")}.`;
      return z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^\d{1,9}$/)
              .transform(Number),
          ],
          { error: range },
        )
        .pipe(
          z
            .number({ error: range })
            .int({ error: range })
            .min(min, { error: range })
            .max(max, { error: range }),
        );
    }
    case "text":
      return line(label, quoteTextLimit, false);
    case "date":
      return z
        .string({ error: `${label} must be a date.` })
        .trim()
        .refine(isRealDate, { error: `${label} must be a real date, such as 14 May 2026 (2026-05-14).` });
  }
}

/** True for a YYYY-MM-DD date that exists on the calendar, within sensible years. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= earliestYear &&
    year <= latestYear &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** An answer left blank: not answered at all. */
const unanswered = (value: unknown) => value === undefined || value === null || value === "";

/**
 * The chosen service's answers, checked: keys the service does not ask are ignored, blanks dropped, each
 * problem given under the answer's form field (`quote.<service>.<key>`), so the form without JavaScript
 * shows it beside its question.
 */
export function checkAnswers(
  service: string,
  details: unknown,
): { answers: QuoteAnswers; problems: { field: string; message: string }[] } {
  const answers: QuoteAnswers = {};
  const problems: { field: string; message: string }[] = [];
  if (unanswered(details)) details = {};
  if (typeof details !== "object" || details === null || Array.isArray(details)) {
    return {
      answers,
      problems: [
        {
          field: detailsField,
          message: "The site details could not be read. Please reload the page and try again.",
        },
      ],
    };
  }
  const given = details as Record<string, unknown>;
  for (const question of questionsFor(service)) {
    const value = Object.hasOwn(given, question.key) ? given[question.key] : undefined;
    const field = quoteFieldName(service, question.key);
    if (unanswered(value)) {
      if (question.required) problems.push({ field, message: `Please answer “${question.label}”.` });
      continue;
    }
    const parsed = answerSchema(question).safeParse(value);
    if (!parsed.success) problems.push({ field, message: parsed.error.issues[0]?.message ?? "" });
    else if (parsed.data !== "") answers[question.key] = parsed.data;
  }
  return { answers, problems };
}

/**
 * A form posted without JavaScript sends every service's answer fields: the chosen service's become
 * `details`, as a script sends them; the others are dropped.
 */
export function answersFromForm(record: Record<string, unknown>): Record<string, unknown> {
  const service = typeof record.service === "string" ? record.service : "";
  const prefix = quoteFieldName(service, "");
  const details: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (!name.startsWith("quote.")) rest[name] = value;
    else if (name.startsWith(prefix) && !unanswered(value)) details[name.slice(prefix.length)] = value;
  }
  return Object.keys(details).length > 0 ? { ...rest, [detailsField]: details } : rest;
}

/** Every answer field the form without JavaScript has, for showing a refused form again as typed. */
export const quoteFieldNames = quoteQuestionGroups.flatMap((group) =>
  group.questions.map((question) => quoteFieldName(group.service, question.key)),
);

/**
 * An enquiry as the contact form sends it: exactly the seven fields, the chosen service's answers under
 * `details` when any is given, plus the honeypot when a bot fills it and, from the form posted without
 * JavaScript (or a page loaded before scripts sent it as a header), the page's time token.
 */
export const contactSchema = z
  .strictObject({
    firstName: line("First name", contactLimits.firstName, true),
    lastName: line("Last name", contactLimits.lastName, true),
    email: emailField,
    phone: phoneField(false),
    company: line("Company", contactLimits.company, false),
    service: z.enum(serviceValues, { error: "Please choose a service from the list." }),
    message: paragraph("Message", contactLimits.message),
    [detailsField]: z.unknown().optional(),
    [honeypotField]: z.string().max(500).optional(),
    [formTokenField]: z.string().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    // Checked even when another field failed, so a refused form names every problem at once.
    const service = typeof input.service === "string" ? input.service : "";
    for (const { field, message } of checkAnswers(service, input[detailsField]).problems) {
      ctx.addIssue({ code: "custom", message, path: [field] });
    }
  })
  .transform(({ [detailsField]: details, ...input }): typeof input & { [detailsField]?: QuoteAnswers } => {
    const { answers } = checkAnswers(input.service, details);
    return Object.keys(answers).length > 0 ? { ...input, [detailsField]: answers } : input;
  });

export type ContactInput = z.output<typeof contactSchema>;
