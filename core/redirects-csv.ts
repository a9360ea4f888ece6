/**
 * A CSV of redirects (`from,to`), as staff import an old site's addresses: read on the server only (the
 * CSV reader is not for the browser), by the rules in redirects.ts.
 */
import { parse } from "csv-parse/sync";
import { checkRedirect, type Redirect, redirectLimits } from "./redirects.ts";

/** A CSV of redirects read: every line's redirect, or every line's problem, by its line number. */
export function readRedirectsCsv(
  text: string,
  origins: readonly string[],
): { ok: true; redirects: Redirect[] } | { ok: false; problems: string[] } {
  let records: { record: string[]; line: number }[];
  try {
    records = (
      parse(text.replace(/^\uFEFF/, ""), {
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        to: redirectLimits.importLines + 2,
      }) as unknown as { record: string[]; info: { lines: number } }[]
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, problems: [`Line ${line ?? "?"} cannot be read: check its quotes and commas.`] };
  }
  const [header, ...rows] = records;
  if (header?.record.map((cell) => cell.toLowerCase()).join(",") !== "from,to")
    return { ok: false, problems: ["The first line must name the two columns: from,to"] };
  if (rows.length === 0) return { ok: false, problems: ["There are no redirects below the first line."] };
  if (rows.length > redirectLimits.importLines)
    return {
      ok: false,
      problems: [
        `The file has more than ${redirectLimits.importLines.toLocaleString("en-GB")} redirects: import it in parts.`,
      ],
    };
  const problems: string[] = [];
  const redirects: Redirect[] = [];
  const lineOf = new Map<string, number>();
  for (const { record, line } of rows) {
    if (record.length !== 2) {
      problems.push(`Line ${line} has ${record.length} columns, not the two: from,to`);
      continue;
    }
    const [from = "", to = ""] = record;
    const checked = checkRedirect({ from, to }, origins);
    if (!checked.ok) {
      problems.push(
        `Line ${line}: ${[checked.problems.from, checked.problems.to].filter(Boolean).join(" ")}`,
      );
      continue;
    }
    const earlier = lineOf.get(checked.redirect.from);
    if (earlier !== undefined) {
      problems.push(`Line ${line}: the old address is already on line ${earlier}.`);
      continue;
    }
    lineOf.set(checked.redirect.from, line);
    redirects.push(checked.redirect);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, redirects };
}
