import { useRef, useState } from "react";
import type { FormResult } from "#core/forms/form-result.ts";

/** The fixed message for a failed request or a reply we could not read. */
const networkErrorMessage = "Network error. Please try again or contact us directly.";

/** Reads the handler's `{ success, message }` reply; null when it is anything else. */
async function readReply(response: Response): Promise<FormResult | null> {
  try {
    const data: unknown = await response.json();
    if (typeof data !== "object" || data === null) return null;
    const { success, message, errors } = data as { success?: unknown; message?: unknown; errors?: unknown };
    if (typeof success !== "boolean" || typeof message !== "string") return null;
    const fields = readFieldProblems(errors);
    return { type: success ? "success" : "error", message, ...(fields && !success ? { fields } : {}) };
  } catch {
    return null;
  }
}

/** The reply's field problems (`errors`: field name to message), when it has any we can show. */
function readFieldProblems(errors: unknown): Record<string, string> | null {
  if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return null;
  const fields = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return Object.keys(fields).length > 0 ? fields : null;
}

/** A fresh key for one filled-in form, so a repeated send is recognised by the server. */
function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; a plain-HTTP preview still needs a key.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The states both forms share: the sending flag, the banner's result, and one
 * idempotency key per filled-in form, so a double click or a retry is stored once.
 */
export function useFormSubmission(initialResult: FormResult | null) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<FormResult | null>(initialResult);
  const idempotencyKey = useRef<string | null>(null);

  /** Posts one submission and shows the reply; resolves true when the server accepted it. */
  async function send(url: string, body: BodyInit, headers: Record<string, string> = {}): Promise<boolean> {
    setResult(null);
    setSending(true);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { ...headers, Accept: "application/json", "Idempotency-Key": idempotencyKey.current },
        body,
      });
      const reply = await readReply(response);
      setResult(reply ?? { type: "error", message: networkErrorMessage });
      if (reply?.type !== "success") return false;
      idempotencyKey.current = null;
      return true;
    } catch {
      setResult({ type: "error", message: networkErrorMessage });
      return false;
    } finally {
      setSending(false);
    }
  }

  /** For the form's onChange: an edited form is a new submission and gets a new key. */
  function forgetKey() {
    idempotencyKey.current = null;
  }

  return { sending, result, send, forgetKey };
}
