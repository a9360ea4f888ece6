import type { AnswerInWords } from "#core/config/quote-questions.ts";

/**
 * An enquiry's answers to its service's questions, in words (core/config/quote-questions.ts), so staff
 * know the site's size and hours before they call. Nothing when none was answered.
 */
export function SiteDetails({ details }: { details: readonly AnswerInWords[] }) {
  if (details.length === 0) return null;
  return (
    <section aria-labelledby="site-details-heading" className="mt-4">
      <h3 id="site-details-heading" className="font-semibold text-navy-900">
        Site details
      </h3>
      <dl className="mt-2 space-y-2">
        {details.map(({ question, answer }) => (
          <div key={question} className="grid gap-1 border-t border-navy-100 pt-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold text-navy-700">{question}</dt>
            <dd className="break-words">{answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
