import type { FormResult } from "~/lib/forms/form-result.server";

/** The "Job Application" form. Placeholder until lead capture lands. */
export function CareersForm({ initialResult }: { initialResult: FormResult | null }) {
  return (
    <div>
      {initialResult && <p role="status">{initialResult.message}</p>}
      <h2 className="text-2xl font-bold text-navy-900">Job Application</h2>
    </div>
  );
}
