import type * as React from "react";
import type { FrameWords } from "#core/forms/form-words.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { cn } from "~/lib/cn";

/** The field people never see: bots fill it in, people and screen readers never meet it. */
function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The end of both forms: the hidden trap, the privacy notice link, then the submit button on a line of
 * its own (and, under it, word that a slow send is still saving), so a long label ("Cannot Submit - Right to Work Required") never has to wrap beside the text.
 */
export function FormFooter({
  words,
  className,
  slow = false,
  children,
}: {
  words: FrameWords;
  className?: string;
  /** A send is taking a while (a failover being waited through): said in a polite live region. */
  slow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      <Honeypot label={words.trapLabel} />
      <div className={cn("flex flex-col gap-4 sm:items-start", className)}>
        <p className="text-sm text-navy-700">
          {words.privacyLead}{" "}
          <a href="/privacy" className="font-semibold text-accent-700 underline underline-offset-2">
            {words.privacyLink}
          </a>
          .
        </p>
        {children}
        {/*
          Always there, so a screen reader is listening when the words arrive; empty, it takes no room.
          A live region rather than a second "status": the form's result is the page's one status.
        */}
        <p aria-live="polite" className="text-sm text-navy-700 empty:-mt-4">
          {slow ? words.stillSaving : ""}
        </p>
      </div>
    </>
  );
}
