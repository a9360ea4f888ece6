import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import type { FormResult } from "~/lib/forms/form-result";

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
