import { characterProblem } from "../characters.ts";
import { serviceList } from "../config/service-list.ts";
import { z } from "../forms/zod.ts";
import { employmentTypes, payPeriods } from "./model.ts";

/** Longest value each of a vacancy's text fields takes; the staff form uses the same numbers. */
export const vacancyLimits = {
  title: 120,
  location: 120,
  postcode: 10,
  hours: 200,
  description: 10_000,
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the ${label}.` })
        .max(max, { error: `The ${label} must be ${max} characters or fewer.` })
        // One line, nothing hidden: a job title becomes the subject of every application's e-mail, and
        // nothing may disguise it (core/characters.ts, the rule every free-text field follows).
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, `The ${label}`, "one line");
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );

const pounds = (label: string) =>
  z
    .string({ error: `Enter the ${label} in pounds.` })
    .trim()
    .regex(/^£?\d{1,7}(\.\d{1,2})?$/, { error: `Enter the ${label} in pounds, such as 12.50.` })
    .transform((value) => Number(value.replace("£", "")))
    .pipe(z.number().positive({ error: `The ${label} must be more than nothing.` }));

/** UK postcodes, loosely: the outward code, a space or none, the inward code. */
const postcodePattern = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i;

/** A vacancy as the staff form sends it. */
export const vacancySchema = z
  .object({
    title: text("job title", vacancyLimits.title),
    service: z.enum(serviceList.map((service) => service.slug) as [string, ...string[]], {
      error: "Choose the service the job belongs to.",
    }),
    location: text("place of work", vacancyLimits.location),
    postcode: text("postcode", vacancyLimits.postcode)
      .refine((value) => postcodePattern.test(value), {
        error: "Enter the postcode of the place of work, such as M17 1AA.",
      })
      .transform((value) => {
        const compact = value.replace(/\s+/g, "").toUpperCase();
        return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
      }),
    employmentType: z.enum(employmentTypes.map((type) => type.value) as [string, ...string[]], {
      error: "Choose the kind of work.",
    }),
    payFrom: pounds("lowest pay"),
    payTo: pounds("highest pay"),
    payPeriod: z.enum(payPeriods.map((period) => period.value) as [string, ...string[]], {
      error: "Choose whether the pay is per hour or per year.",
    }),
    hours: text("hours", vacancyLimits.hours),
    description: z
      .string({ error: "Enter the description." })
      .transform((value) => value.normalize("NFC").replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(1, { error: "Enter the description." })
          .max(vacancyLimits.description, {
            error: `The description must be ${vacancyLimits.description} characters or fewer.`,
          })
          .superRefine((value, ctx) => {
            const problem = characterProblem(value, "The description", "lines");
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
      ),
    closesOn: z
      .string({ error: "Enter the closing date." })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the closing date as a date, such as 2026-12-31." })
      .refine(
        (value) => {
          const time = Date.parse(`${value}T00:00:00Z`);
          return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
        },
        {
          error: "Enter a closing date that exists.",
        },
      ),
  })
  .refine((vacancy) => vacancy.payTo >= vacancy.payFrom, {
    path: ["payTo"],
    error: "The highest pay cannot be less than the lowest.",
  });

export type VacancyInput = {
  title: string;
  service: string;
  location: string;
  postcode: string;
  employmentType: string;
  payFrom: number;
  payTo: number;
  payPeriod: string;
  hours: string;
  description: string;
  closesOn: string;
};

/** The staff form's fields, as the task names them. */
export const vacancyFields = [
  "title",
  "service",
  "location",
  "postcode",
  "employmentType",
  "payFrom",
  "payTo",
  "payPeriod",
  "hours",
  "description",
  "closesOn",
] as const;
