import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import type { FormResult } from "#core/forms/form-result.ts";
import { fillIn } from "#core/forms/form-words.ts";

/** Moves focus to a field named in the summary, as the link's jump alone would not. */
function focusField(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  const control = field.matches("fieldset") ? field.querySelector<HTMLElement>("input") : field;
  field.scrollIntoView({ block: "center" });
  control?.focus({ preventScroll: true });
}

/**
 * The result of a submission. Errors are alerts, successes are status messages; either takes focus
 * when it appears, so keyboard and screen-reader users land on it. A refusal that names fields links
 * to each of them (`fieldId` gives a field's id), as an error summary does.
 */
export function FormBanner({
  result,
  fieldId,
  manyProblems,
}: {
  result: FormResult | null;
  fieldId: (field: string) => string;
  /** The summary's heading when several fields have problems, "{count}" to fill in (core/forms/form-copy.ts). */
  manyProblems: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  if (!result) return null;
  const success = result.type === "success";
  const Icon = success ? CircleCheck : CircleAlert;
  const problems = Object.entries(result.fields ?? {});
  const [only] = problems;
  const link = ([field, message]: [string, string]) => (
    <a
      href={`#${fieldId(field)}`}
      onClick={(event) => focusField(event, fieldId(field))}
      className="font-semibold underline underline-offset-2"
    >
      {message}
    </a>
  );
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={success ? "status" : "alert"}
      data-result={result.type}
      className={
        success
          ? "flex gap-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900"
          : "flex gap-3 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900"
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        {problems.length === 1 && only && only[1] === result.message ? (
          <p>{link(only)}</p>
        ) : problems.length > 1 ? (
          // The heading counts the problems; each is said once, in the list below.
          <h3 className="font-semibold">{fillIn(manyProblems, { count: problems.length })}</h3>
        ) : (
          <p>{result.message}</p>
        )}
        {problems.length > 1 && (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {problems.map((problem) => (
              <li key={problem[0]}>{link(problem)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
