import { data, redirect } from "react-router";
import { normaliseEmail } from "#core/email.ts";
import { z } from "#core/forms/zod.ts";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/people";

const emailInput = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "Enter an e-mail address, like name@example.co.uk." }));

/** Where this page is for an address: the way back after a passkey confirmation. */
const pageFor = (email: string) => `/staff/people?email=${encodeURIComponent(email)}`;

/** What is held about the e-mail address in the URL; an address that is not one answers 400 in words. */
export async function loadPerson({ request, context }: Route.LoaderArgs) {
  const { people, me } = await requireStaff(request, context);
  const raw = new URL(request.url).searchParams.get("email");
  const base = { query: raw ?? "", erasureWindowMinutes: people.erasureWindowMinutes };
  if (raw === null || raw.trim() === "") return { ...base, error: null, person: null, mayErase: false };
  const parsed = emailInput.safeParse(raw);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Enter an e-mail address.";
    return data({ ...base, error, person: null, mayErase: false }, 400);
  }
  return {
    ...base,
    query: parsed.data,
    error: null,
    person: await people.find(parsed.data),
    mayErase: !people.needsConfirmation(me, "erase"),
  };
}

const eraseInput = z.object({
  email: emailInput,
  confirmEmail: z.string().trim().max(254),
});

/**
 * Erases everything held about a person, once their address is typed again to confirm it, and only with
 * a passkey used in the last few minutes.
 */
export async function erasePerson({ request, context }: Route.ActionArgs) {
  const { people, me } = await requireStaff(request, context);
  const parsed = eraseInput.safeParse(Object.fromEntries(await staffForm(request)));
  if (!parsed.success) {
    return data({ erased: null, problem: "Find the person by their e-mail address first." }, 400);
  }
  const { email, confirmEmail } = parsed.data;
  if (normaliseEmail(confirmEmail) !== normaliseEmail(email)) {
    return data(
      {
        erased: null,
        problem: `That is not the same address. Type ${normaliseEmail(email)} exactly, to be sure whose data goes.`,
      },
      400,
    );
  }
  // Erasing cannot be undone: only with a passkey used in the last few minutes. Afterwards the
  // confirmation page brings them back here to type the address again.
  if (people.needsConfirmation(me, "erase")) {
    throw redirect(`/staff/confirm?next=${encodeURIComponent(pageFor(email))}`, 303);
  }
  const result = await people.erase(email, me.id);
  return { erased: { ...result, email: normaliseEmail(email) }, problem: null };
}
