/**
 * A confirmation of an absolute claim, as the Ready to launch page posts it: the claim's key and a note of
 * the evidence (where it is kept, who holds it). The same rules on both sides; the server's reply is the truth.
 */
import { characterProblem } from "../characters.ts";
import { confirmationNoteLength } from "./checks.ts";

export type ConfirmationProblems = { note?: string; claim?: string };

/** The note and claim checked: the values to keep, or each problem by its field. */
export function checkConfirmation(input: {
  claim: string;
  note: string;
}): { ok: true; claim: string; note: string } | { ok: false; problems: ConfirmationProblems } {
  const claim = input.claim.replace(/\s+/g, " ").trim().toLowerCase();
  const note = input.note.normalize("NFC").trim();
  const problems: ConfirmationProblems = {};
  if (claim === "" || claim.length > 200) problems.claim = "Choose a claim from the list.";
  if (note === "") problems.note = "Say what the evidence is and where it is kept.";
  else if (note.length > confirmationNoteLength)
    problems.note = `The note must be ${confirmationNoteLength.toLocaleString("en-GB")} characters or fewer.`;
  else {
    const wrong = characterProblem(note, "The note", "lines");
    if (wrong) problems.note = wrong;
  }
  if (problems.note || problems.claim) return { ok: false, problems };
  return { ok: true, claim, note };
}
