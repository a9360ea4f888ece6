import { useCallback, useEffect, useRef } from "react";
import type { FormName } from "#core/forms/form-result.ts";
import { formTokenField, formTokenMarker, formTokenUrl } from "#core/forms/form-token.ts";

/**
 * The page's time token for one form (docs/decisions/015-spam-layers.md). A page the server renders now
 * has it from its loader. On a prerendered page React renders the hidden field without a value and the
 * server writes the token in as it serves the page; React leaves an unmanaged value alone, so it is read
 * from the field once. A form reached by a move within the site had no page served with it, and asks
 * for a token. `field` goes inside the form (a post without JavaScript sends it); `current()` is what
 * a post made by script sends.
 */
export function useFormToken(form: FormName, initial: string) {
  const token = useRef(initial);
  const read = useCallback((input: HTMLInputElement | null) => {
    if (input?.value && !token.current) token.current = input.value;
  }, []);

  useEffect(() => {
    if (token.current) return;
    const controller = new AbortController();
    fetch(formTokenUrl(form), { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((reply: unknown) => {
        const fresh = (reply as { token?: unknown } | null)?.token;
        if (typeof fresh === "string" && !token.current) token.current = fresh;
      })
      // Without a token the form still goes; the server only marks it for staff to look at.
      .catch(() => {});
    return () => controller.abort();
  }, [form]);

  const field = initial ? (
    <input type="hidden" name={formTokenField} defaultValue={initial} />
  ) : (
    <input
      type="hidden"
      name={formTokenField}
      ref={read}
      {...{ [formTokenMarker]: form }}
      // The server adds the value React did not render.
      suppressHydrationWarning
    />
  );
  return { field, current: () => token.current };
}
