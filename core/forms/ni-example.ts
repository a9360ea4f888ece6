/**
 * HMRC's example National Insurance number, which the careers form shows as its placeholder and the
 * server refuses when someone types it in. Words, so kept from the form's script (core/forms/form-words.ts).
 */

/** HMRC's example number: the right shape, but Q is never a valid prefix letter. */
export const niExample = "QQ 12 34 56 C";

/** What the NI field's placeholder shows: the example, marked as one. */
export const niPlaceholder = `e.g. ${niExample}`;

/** Why HMRC's example is refused, for someone who typed the placeholder in. */
export const niExampleMessage = `${niExample} is only an example of the format: please enter your own valid National Insurance number, as on your payslip, P60 or a letter from HMRC.`;
