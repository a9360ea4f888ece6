import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import type { FormResult } from "~/lib/forms/form-result.server";

/**
 * The result of a submission. Errors are alerts, successes are status messages;
 * either takes focus when it appears, so keyboard and screen-reader users land on it.
 */
export function FormBanner({ result }: { result: FormResult | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  if (!result) return null;
  const success = result.type === "success";
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={success ? "status" : "alert"}
      data-result={result.type}
      className={
        success
          ? "flex gap-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900"
          : "flex gap-3 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900"
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{result.message}</p>
    </div>
  );
}

/** The fixed message for a failed request or a reply we could not read. */
export const networkErrorMessage = "Network error. Please try again or contact us directly.";

/** Reads the handler's `{ success, message }` reply; null when it is anything else. */
export async function readReply(response: Response): Promise<FormResult | null> {
  try {
    const data: unknown = await response.json();
    if (typeof data !== "object" || data === null) return null;
    const { success, message } = data as { success?: unknown; message?: unknown };
    if (typeof success !== "boolean" || typeof message !== "string") return null;
    return { type: success ? "success" : "error", message };
  } catch {
    return null;
  }
}

/** A fresh key for one filled-in form, so a repeated send is recognised by the server. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The field people never see: bots fill it in, people and screen readers never meet it. */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The privacy notice link shown beside each submit button. */
export function PrivacyNote() {
  return (
    <p className="text-sm text-navy-700">
      How we use your details:{" "}
      <a href="/privacy" className="font-semibold text-accent-700 underline underline-offset-2">
        read our privacy notice
      </a>
      .
    </p>
  );
}
