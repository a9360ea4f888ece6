import type { FormName } from "./form-name.ts";

/**
 * The signed time token each form carries (see docs/decisions/015-spam-layers.md): when its page was
 * served, signed by the server. A form sent too soon after, or without a token, or with one the server
 * did not sign, is kept and answered as any other but marked as suspected spam for staff. Browser-safe:
 * the names and the words; signing and checking are in form-token.server.ts.
 */

/** The hidden field that carries the token. */
export const formTokenField = "formToken";

/**
 * The request header a page's script sends the token in, so the contact form's JSON holds only the
 * contract's fields; a post without JavaScript sends it as the hidden field.
 */
export const formTokenHeader = "X-Form-Token";

/** Where a form reached by a move within the site (no page served with it) asks for its token. */
export const formTokenEndpoint = "/api/form-token";

/**
 * The attribute on the hidden field of a prerendered page, naming its form: the server writes each
 * visit's token beside it (server/static.ts), as the field's value, when it serves the page.
 */
export const formTokenMarker = "data-form-token";

/** A form sent sooner than this after its page was served was most likely not typed by a person. */
export const minimumFormSeconds = 3;

/** What caught a submission: the hidden trap (it goes to Spam), or the time token (it is only suspected). */
export const spamSignals = ["honeypot", "too-fast", "no-token", "bad-token"] as const;
export type SpamSignal = (typeof spamSignals)[number];

/** Each layer's name in the workspace's weekly counts. */
export const spamSignalLabels: Record<SpamSignal, string> = {
  honeypot: "Hidden trap field filled in (moved to Spam)",
  "too-fast": "Sent too fast",
  "no-token": "No form token",
  "bad-token": "Form token not ours",
};

function seconds(ms: number): string {
  if (ms < 1000) return "less than a second";
  const whole = Math.floor(ms / 1000);
  return whole === 1 ? "1 second" : `${whole} seconds`;
}

/** The short note staff see on a caught lead: "Suspected spam: sent 1 second after the page was served". */
export function spamSignalNote(signal: SpamSignal, formAgeMs: number | null): string {
  switch (signal) {
    case "honeypot":
      return "Spam: the hidden field that only robots fill in was filled in";
    case "too-fast":
      return `Suspected spam: sent ${seconds(Math.max(0, formAgeMs ?? 0))} after the page was served`;
    case "no-token":
      return "Suspected spam: no form token (not sent from our page)";
    case "bad-token":
      return "Suspected spam: a form token our server did not issue";
  }
}

/** The address a form asks for a fresh token at. */
export function formTokenUrl(form: FormName): string {
  return `${formTokenEndpoint}?form=${form}`;
}
