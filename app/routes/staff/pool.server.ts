import { data } from "react-router";
import { applicants } from "#core/config/applicants.ts";
import { serviceList } from "#core/config/service-list.ts";
import { z } from "#core/forms/zod.ts";
import { formatDate, moment } from "#core/leads/model.ts";
import { noServiceValue, type PoolQuery, poolPlaceMaxLength } from "#core/leads/pool-query.ts";
import { vacancyServiceName } from "#core/vacancies/model.ts";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/pool";

/** The services the pool can be searched by: each vacancy's service, and general applications. */
export const poolServices = [
  ...serviceList.map((service) => ({ value: service.slug, label: service.name })),
  { value: noServiceValue, label: "General applications (no vacancy)" },
];

/** A real calendar day, written as the date field sends it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give dates as the date picker writes them (YYYY-MM-DD)." })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: "That date does not exist.",
  });

/**
 * The pool's search, as it stands in the page's URL. Empty values are left out before this (they mean
 * "any"); anything unexpected is refused with words for the person.
 */
const poolQuerySchema = z
  .object({
    service: z
      .enum(poolServices.map((option) => option.value) as [string, ...string[]], {
        error: "Choose a service from the list.",
      })
      .optional(),
    place: z
      .string()
      .transform((value) => value.normalize("NFC").trim())
      .pipe(
        z.string().max(poolPlaceMaxLength, {
          error: `A place can be up to ${poolPlaceMaxLength} characters long.`,
        }),
      )
      .transform((value) => value || undefined)
      .optional(),
    from: day.optional(),
    to: day.optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/, { error: "The page number must be a whole number." })
      .transform(Number)
      .pipe(z.number().int().min(1, { error: "Pages are numbered from 1." }))
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: "The “Applied from” date comes after the “Applied to” date.",
  });

/** Reads the pool's search from a URL's query; a problem comes back as a sentence. */
export function parsePoolQuery(
  params: URLSearchParams,
): { ok: true; query: PoolQuery } | { ok: false; problem: string } {
  const raw: Record<string, string> = {};
  for (const key of ["service", "place", "from", "to", "page"]) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, problem: `The link gives “${key}” more than once.` };
    if (values[0]) raw[key] = values[0];
  }
  const parsed = poolQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? "Check the search." };
  return { ok: true, query: parsed.data as PoolQuery };
}

/** The talent pool's members that match the search in the URL; a bad search answers 400 with words. */
export async function loadPool({ request, context }: Route.LoaderArgs) {
  const { recruitment } = await requireStaff(request, context);
  const parsed = parsePoolQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return data(
      {
        problem: parsed.problem,
        query: {} as PoolQuery,
        services: poolServices,
        askDaysBefore: applicants.poolAskDaysBefore,
        pool: null,
      },
      400,
    );
  }
  const pool = await recruitment.pool(parsed.query);
  return {
    problem: null,
    query: parsed.query,
    services: poolServices,
    askDaysBefore: applicants.poolAskDaysBefore,
    pool: {
      total: pool.total,
      page: pool.page,
      pageSize: pool.pageSize,
      members: pool.members.map((member) => ({
        reference: member.reference,
        name: `${member.firstName} ${member.lastName}`,
        applied: moment(member.appliedAt),
        place: member.address,
        vacancy: member.vacancy
          ? {
              reference: member.vacancy.reference,
              title: member.vacancy.title,
              where: member.vacancy.location,
              service: vacancyServiceName(member.vacancy.service),
            }
          : null,
        until: formatDate(member.inPoolUntil),
      })),
    },
  };
}
