import { pictureLimits } from "#core/pictures/model.ts";
import { Field, TextField } from "~/components/ui/field";

/** A picture's words as the form shows them: what is saved, or what was typed before a refusal. */
export type PictureWordsValues = { alt: string; decorative: boolean; focalX: string; focalY: string };

/** The problems of a refused form, by field. */
export type PictureProblems = Partial<Record<"picture" | "alt" | "focalX" | "focalY", string>>;

/** The id of a form field on the library's pages, so the error summary can link to it. */
export const pictureFieldId = (prefix: string, field: string) => `${prefix}-${field}`;

/** The error summary above a refused picture form: the problem, then each field's, linked to it. */
export function PictureProblemSummary({
  prefix,
  problem,
  problems,
}: {
  prefix: string;
  problem: string;
  problems: PictureProblems;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{problem}</p>
      {Object.keys(problems).length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {Object.entries(problems).map(([field, message]) => (
            <li key={field}>
              <a href={`#${pictureFieldId(prefix, field)}`} className="underline">
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The alt text, the decorative mark and the focal point: the same fields to upload and to edit. */
export function PictureWordsFields({
  prefix,
  values,
  problems,
}: {
  prefix: string;
  values: PictureWordsValues;
  problems: PictureProblems;
}) {
  const id = (field: string) => pictureFieldId(prefix, field);
  return (
    <>
      <Field
        id={id("alt")}
        label="Alt text"
        description={`What the picture shows, for people who cannot see it: a sentence, at most ${pictureLimits.altLength} characters. Leave it empty only if the picture is decorative.`}
        error={problems.alt}
      >
        {(control) => (
          <textarea
            {...control}
            name="alt"
            rows={2}
            maxLength={pictureLimits.altLength}
            defaultValue={values.alt}
            className="w-full rounded-lg border border-navy-300 bg-white px-3 py-2.5 text-base text-navy-900 focus:border-accent-700 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700"
          />
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor={id("decorative")}
          className="flex min-h-11 items-center gap-3 text-base text-navy-900"
        >
          <input
            id={id("decorative")}
            name="decorative"
            type="checkbox"
            defaultChecked={values.decorative}
            aria-describedby={id("decorative-description")}
            className="size-5 shrink-0 accent-accent-700"
          />
          Decorative: it adds nothing a reader would miss
        </label>
        <p id={id("decorative-description")} className="text-sm text-navy-700">
          Screen readers then pass over it (its alt text is empty on the page).
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-navy-900">Focal point</legend>
        <p id={id("focal-description")} className="text-sm text-navy-700">
          Where the subject is, in percent: 0 across is the left edge, 0 down the top. When a page shows the
          picture in a box of another shape, this point stays in view.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={id("focalX")}
            name="focalX"
            label="Across (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={values.focalX}
            error={problems.focalX}
          />
          <TextField
            id={id("focalY")}
            name="focalY"
            label="Down (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={values.focalY}
            error={problems.focalY}
          />
        </div>
      </fieldset>
    </>
  );
}
