import type { FormResult } from "~/lib/forms/form-result.server";

/** The "Send Us a Message" enquiry form. Placeholder until lead capture lands. */
export function ContactForm({ initialResult }: { initialResult: FormResult | null }) {
  return (
    <div>
      {initialResult && <p role="status">{initialResult.message}</p>}
      <h2 className="text-2xl font-bold text-navy-900">Send Us a Message</h2>
    </div>
  );
}
