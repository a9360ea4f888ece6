import { ArrowRight, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import type { FormResult } from "#core/forms/form-result.ts";
import { fillIn, type ReceiptWords } from "#core/forms/form-words.ts";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { FormBanner } from "./form-banner";

/**
 * The confirmation shown where a form was once the server stored what was sent: the server's own
 * message in the green banner (which takes focus, so a screen reader starts here), the reference in
 * large type, where the acknowledgement went, what happens next and, for an applicant, their own page
 * and job alerts. Below it, a button opens the cleared form again (without JavaScript, a link loads the
 * page afresh with an empty form). It stands inside the form, above its folded fields, so the form's
 * name still names everything a visitor sees of it.
 */

const againClass = cn(buttonVariants({ variant: "secondary" }), "w-full sm:w-auto");
export function FormReceipt({
  id,
  className,
  result,
  words,
  manyProblems,
  anchor,
  again,
  onAgain,
}: {
  /** The panel's id; its heading's is `${id}-heading`. */
  id: string;
  className?: string;
  result: FormResult;
  words: ReceiptWords;
  manyProblems: string;
  /** The form's anchor, where the plain "again" link lands. */
  anchor: string;
  /** Whether the button to open the form again is still wanted (not once the form is open). */
  again: boolean;
  onAgain: () => void;
}) {
  const receipt = result.receipt;
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      data-receipt=""
      className={cn("flex flex-col gap-6", className)}
    >
      <FormBanner result={result} fieldId={(field) => field} manyProblems={manyProblems} />
      <h3 id={`${id}-heading`} className="text-xl font-bold text-navy-900">
        {words.heading}
      </h3>
      {receipt && (
        <div className="flex flex-col gap-3">
          <p className="flex flex-col gap-1 rounded-xl bg-sand-100 p-4 sm:p-5">
            <span className="text-sm font-semibold text-navy-700">{words.referenceLabel}</span>
            <span
              className="text-3xl font-bold tracking-wide break-all text-navy-900 sm:text-4xl"
              data-reference=""
            >
              {receipt.reference}
            </span>
          </p>
          <p className="break-words text-navy-800">{fillIn(words.emailSent, { email: receipt.email })}</p>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h4 className="font-bold text-navy-900">{words.nextHeading}</h4>
        {words.next.map((line) => (
          <p key={line} className="text-navy-800">
            {line}
          </p>
        ))}
      </div>
      {receipt?.page && words.page && (
        <div className="flex flex-col gap-2">
          <a href={receipt.page} className={cn(buttonVariants(), "w-full sm:w-auto sm:self-start")}>
            {words.page.link}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
          <p className="text-sm text-navy-700">{words.page.hint}</p>
        </div>
      )}
      {words.alerts && (
        <p className="flex items-start gap-3 rounded-lg border border-navy-100 p-4 text-navy-800">
          <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
          <span>
            {words.alerts.lead}{" "}
            <a
              href={words.alerts.href}
              className="font-semibold text-accent-800 underline underline-offset-2"
            >
              {words.alerts.link}
            </a>
          </span>
        </p>
      )}
      {again && (
        <p className="border-t border-navy-100 pt-6">
          {/*
            Without JavaScript, a link to the page without its result, where the form is empty and open;
            once the form's script runs, a button that opens the form already here.
          */}
          {enhanced ? (
            <button type="button" onClick={onAgain} className={againClass}>
              {words.again}
            </button>
          ) : (
            <a href={`?#${anchor}`} className={againClass}>
              {words.again}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
