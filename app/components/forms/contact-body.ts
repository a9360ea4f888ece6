import type { QuoteQuestionGroup } from "#core/config/quote-questions.ts";
import { contactFields, detailsField } from "#core/forms/contact-fields.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { quoteFieldName } from "#core/forms/quote-fields.ts";

/**
 * The JSON the contact form's script sends: exactly the contract's seven fields; the chosen service's
 * answers under `details` only when at least one is answered (a number as a number); the trap only when
 * a bot filled it. The time token is not here: it goes in a header. `groups` are the quote questions
 * the form was drawn with.
 */
export function contactBody(data: FormData, groups: readonly QuoteQuestionGroup[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of contactFields) body[field] = String(data.get(field) ?? "");
  const service = String(body.service);
  const details: Record<string, string | number> = {};
  for (const question of groups.find((group) => group.service === service)?.questions ?? []) {
    const answer = String(data.get(quoteFieldName(service, question.key)) ?? "").trim();
    if (!answer) continue;
    details[question.key] = question.kind === "number" && /^\d{1,9}$/.test(answer) ? Number(answer) : answer;
  }
  if (Object.keys(details).length > 0) body[detailsField] = details;
  const trap = String(data.get(honeypotField) ?? "");
  if (trap) body[honeypotField] = trap;
  return body;
}
