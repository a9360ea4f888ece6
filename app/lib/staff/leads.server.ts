import { z } from "#core/forms/zod.ts";
import { type InboxQuery, searchLimits } from "#core/leads/inbox-query.ts";
import { allStatuses, leadKinds, serviceChoices } from "#core/leads/model.ts";
import { vacancyReferencePattern } from "#core/vacancies/model.ts";

/**
 * The inbox's search and filters, as they stand in its URL (`?q=&kind=&status=&service=&page=`).
 * Empty values are left out before this (they mean "any"); anything unexpected is refused with words
 * for the person.
 */
export const inboxQuerySchema = z.object({
  q: z
    .string()
    // A tab or line break pasted with a name is a space; any other control character (a NUL from an
    // edited link) is no text anyone typed, and no database can search for it.
    .transform((value) =>
      value
        .replace(/[\t\n\r]+/g, " ")
        .normalize("NFC")
        .trim(),
    )
    .pipe(
      z
        .string()
        .max(searchLimits.length, {
          error: `Searches can be up to ${searchLimits.length} characters long.`,
        })
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
        .regex(/^[^\u0000-\u001f\u007f]*$/, {
          error: "The search holds a character that cannot be typed. Please type it again.",
        }),
    )
    .transform((value) => value || undefined)
    .optional(),
  kind: z
    .enum(
      leadKinds.map((kind) => kind.value),
      { error: "Choose enquiries, applications or both." },
    )
    .optional(),
  status: z.enum(allStatuses, { error: "Choose a status from the list." }).optional(),
  service: z
    .enum(serviceChoices.map((option) => option.value) as [string, ...string[]], {
      error: "Choose a service from the list.",
    })
    .optional(),
  vacancy: z.string().regex(vacancyReferencePattern, { error: "Choose a vacancy from the list." }).optional(),
  owner: z.enum(["mine", "unassigned"], { error: "Choose your leads or unassigned ones." }).optional(),
  overdue: z
    .literal("1", { error: "The overdue filter is on (1) or left out." })
    .transform(() => true)
    .optional(),
  sort: z.enum(["due"], { error: "Leads can be sorted by due time, or newest first." }).optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: "The page number must be a whole number." })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "Pages are numbered from 1." }))
    .optional(),
});

/** Reads the inbox's search and filters from a URL's query; a problem comes back as a sentence. */
export function parseInboxQuery(
  params: URLSearchParams,
): { ok: true; query: InboxQuery } | { ok: false; problem: string } {
  const raw: Record<string, string> = {};
  for (const key of ["q", "kind", "status", "service", "vacancy", "owner", "overdue", "sort", "page"]) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, problem: `The link gives “${key}” more than once.` };
    if (values[0]) raw[key] = values[0];
  }
  const parsed = inboxQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? "Check the search." };
  return { ok: true, query: parsed.data as InboxQuery };
}
