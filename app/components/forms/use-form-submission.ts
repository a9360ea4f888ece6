import { useRef, useState } from "react";
import { type FormResult, readReceipt } from "#core/forms/form-result.ts";

/** Reads the handler's `{ success, message }` reply; null when it is anything else. */
async function readReply(response: Response): Promise<FormResult | null> {
  try {
    const data: unknown = await response.json();
    if (typeof data !== "object" || data === null) return null;
    const { success, message, errors, receipt } = data as Record<string, unknown>;
    if (typeof success !== "boolean" || typeof message !== "string") return null;
    if (success) {
      const read = readReceipt(receipt);
      return { type: "success", message, ...(read ? { receipt: read } : {}) };
    }
    const fields = readFieldProblems(errors);
    return { type: "error", message, ...(fields ? { fields } : {}) };
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

/**
 * A post the server could not save just now (503 with Retry-After: the database switching over, or too
 * many posts already waiting) is sent again by itself, with the same idempotency key so it is stored
 * once, for up to this long from the first send; each wait is what Retry-After asks, at most
 * `longestRetryWaitMs`. The server itself holds a post through a failover for about half a minute.
 */
const retryWindowMs = 60_000;
const longestRetryWaitMs = 10_000;
/** After this long without an answer, the visitor is told that saving can take a while. */
const slowAfterMs = 3_000;

/** The wait a 503 asks for, in ms, when it says one (Retry-After in seconds); null otherwise. */
function retryWait(response: Response): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get("Retry-After"));
  if (!Number.isFinite(seconds) || seconds < 0 || response.headers.get("Retry-After") === null) return null;
  return Math.min(seconds * 1000, longestRetryWaitMs);
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
export function useFormSubmission(initialResult: FormResult | null, networkError: string) {
  const [sending, setSending] = useState(false);
  // True while a send has taken more than a moment (a failover being waited through): the form says so.
  const [slow, setSlow] = useState(false);
  const [result, setResult] = useState<FormResult | null>(initialResult);
  const idempotencyKey = useRef<string | null>(null);

  /** Posts one submission and shows the reply; resolves true when the server accepted it. */
  async function send(url: string, body: BodyInit, headers: Record<string, string> = {}): Promise<boolean> {
    setResult(null);
    setSending(true);
    idempotencyKey.current ??= newIdempotencyKey();
    const key = idempotencyKey.current;
    const firstSentAt = Date.now();
    const slowTimer = setTimeout(() => setSlow(true), slowAfterMs);
    try {
      let response: Response;
      for (;;) {
        response = await fetch(url, {
          method: "POST",
          headers: { ...headers, Accept: "application/json", "Idempotency-Key": key },
          body,
        });
        const wait = retryWait(response);
        if (wait === null || Date.now() + wait - firstSentAt > retryWindowMs) break;
        setSlow(true);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const reply = await readReply(response);
      setResult(reply ?? { type: "error", message: networkError });
      if (reply?.type !== "success") return false;
      idempotencyKey.current = null;
      return true;
    } catch {
      setResult({ type: "error", message: networkError });
      return false;
    } finally {
      clearTimeout(slowTimer);
      setSlow(false);
      setSending(false);
    }
  }

  /** For the form's onChange: an edited form is a new submission and gets a new key. */
  function forgetKey() {
    idempotencyKey.current = null;
  }

  return { sending, slow, result, send, forgetKey };
}
