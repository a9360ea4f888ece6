import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";

export type Ceremony = "register" | "sign-in" | "confirm";

type Props = {
  ceremony: Ceremony;
  /** The button's text, and so its accessible name. */
  label: string;
  /** The invitation token, for "register". */
  token?: string;
  /** Where to go once it worked. */
  next: string;
  /** Offer the passkey in the browser's autofill of this input (sign-in only). */
  autofillInputId?: string;
  /** A message from the server for a post made without JavaScript. */
  serverMessage?: string | null;
};

async function post(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch("/staff/passkey", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json) {
    throw new Error(typeof json?.error === "string" ? json.error : "Something went wrong. Please try again.");
  }
  return json;
}

function explain(error: unknown): string {
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError")) {
    return "The passkey request was cancelled or timed out. Please try again.";
  }
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

/**
 * Runs one passkey ceremony (create, sign in, or confirm) against /staff/passkey, then moves on to
 * `next`. Without JavaScript the form posts to the page, which explains that passkeys need it.
 */
export function PasskeyButton({ ceremony, label, token, next, autofillInputId, serverMessage }: Props) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const started = useRef(false);

  async function run(useBrowserAutofill: boolean) {
    const { options } = await post({ ceremony, step: "options", token });
    const response =
      ceremony === "register"
        ? await startRegistration({ optionsJSON: options as never })
        : await startAuthentication({ optionsJSON: options as never, useBrowserAutofill });
    setBusy(true);
    const result = await post({ ceremony, step: "verify", token, response, next });
    const target = typeof result.next === "string" ? result.next : next;
    // A confirmation usually leads on to a download, which is a document request, not a route.
    if (ceremony === "confirm") window.location.assign(target);
    else navigate(target);
  }

  // Passkey autofill: once the e-mail field is focused, the browser offers the passkey among its
  // suggestions. Started on that sign of intent rather than on load, so nothing signs anyone in before
  // they reach for it.
  useEffect(() => {
    if (!autofillInputId) return;
    const input = document.getElementById(autofillInputId);
    if (!input) return;
    const onFocus = async () => {
      if (started.current) return;
      started.current = true;
      if (!(await PublicKeyCredential.isConditionalMediationAvailable?.())) return;
      try {
        await run(true);
      } catch {
        // Dismissed, or replaced by the button's own request: nothing to tell.
        started.current = false;
        setBusy(false);
      }
    };
    input.addEventListener("focus", onFocus);
    return () => input.removeEventListener("focus", onFocus);
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await run(false);
    } catch (problem) {
      setError(explain(problem));
      setBusy(false);
    }
  }

  const message = error ?? serverMessage ?? null;
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-3" aria-describedby={statusId}>
      <input type="hidden" name="intent" value={ceremony} />
      <Button type="submit" className="w-full" disabled={busy}>
        {label}
      </Button>
      <p id={statusId} role="alert" className="text-sm font-medium text-red-700">
        {message}
      </p>
    </form>
  );
}
