import { z } from "#core/forms/zod.ts";
import { switchingOver } from "#core/staff/switching-over.ts";
import {
  clientAddress,
  requireStaffForFile,
  safeNext,
  sessionToken,
  startSessionCookie,
  workspaceOf,
} from "~/lib/staff/session.server";
import type { Route } from "./+types/passkey";

/** The browser's half of a ceremony is checked by @simplewebauthn/server; here only its shape. */
const credential = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
});

const body = z.discriminatedUnion("step", [
  z.object({
    step: z.literal("options"),
    ceremony: z.enum(["register", "sign-in", "confirm"]),
    token: z.string().max(200).optional(),
  }),
  z.object({
    step: z.literal("verify"),
    ceremony: z.enum(["register", "sign-in", "confirm"]),
    token: z.string().max(200).optional(),
    response: credential,
    next: z.string().max(2000).optional(),
  }),
]);

function problem(error: string, status: number, headers: HeadersInit = {}) {
  return Response.json({ error }, { status, headers });
}

function tooMany(retryAfterSeconds: number, what: string) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return problem(
    `Too many ${what} from this address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    429,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/**
 * The server's half of every passkey ceremony, as JSON for the PasskeyButton: first the options
 * (with a fresh single-use challenge), then the check of the browser's answer. A sign-in or a new
 * passkey answers with the session cookie; a confirmation updates the session.
 */
export async function passkeyCeremony({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return problem("Use POST.", 405, { Allow: "POST" });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return problem("That request was not understood.", 400);
  const input = parsed.data;
  const workspace = workspaceOf(context);
  const rp = workspace.relyingParty(new URL(request.url));
  if (!rp) {
    const port = new URL(request.url).port;
    return problem(
      `Passkeys work only at the site's public address (PUBLIC_URL) or at http://localhost${port ? `:${port}` : ""}. Open the workspace there.`,
      400,
    );
  }

  if (input.step === "options") {
    // Each challenge is stored until used or expired: one address may have only so many.
    const allowance = await workspace.allowChallenge(clientAddress(context));
    if (!allowance.allowed) return tooMany(allowance.retryAfterSeconds, "requests to use a passkey");
  }

  try {
    if (input.ceremony === "register") {
      if (!input.token) return problem("This invitation link is incomplete.", 400);
      if (input.step === "options") {
        return Response.json({ options: await workspace.registrationOptions(input.token, rp) });
      }
      const token = await workspace.register(input.token, input.response as never, rp);
      return Response.json(
        { next: "/staff" },
        { headers: { "Set-Cookie": await startSessionCookie(request, context, token) } },
      );
    }

    if (input.ceremony === "confirm") {
      const { me } = await requireStaffForFile(request, context);
      if (input.step === "options") {
        return Response.json({ options: await workspace.authenticationOptions(rp, me) });
      }
      await workspace.confirm(me, input.response as never, rp);
      return Response.json({ next: safeNext(input.next ?? null) });
    }

    if (input.step === "options") {
      return Response.json({ options: await workspace.authenticationOptions(rp) });
    }
    const allowance = await workspace.allowSignInAttempt(clientAddress(context));
    if (!allowance.allowed) return tooMany(allowance.retryAfterSeconds, "sign-in attempts");
    // A new session id at every sign-in: whatever session this browser had ends here.
    const previous = await sessionToken(request, context);
    if (previous) await workspace.signOut(previous);
    const token = await workspace.signIn(input.response as never, rp);
    return Response.json(
      { next: safeNext(input.next ?? null) },
      { headers: { "Set-Cookie": await startSessionCookie(request, context, token) } },
    );
  } catch (error) {
    // The workspace's refusals carry words meant for the person (see PasskeyError).
    if (error instanceof Error && error.name === "PasskeyError") return problem(error.message, 400);
    // The database switching over (a failover): the ceremony can be tried again in a moment.
    if (error instanceof Response && error.status === switchingOver.status) {
      return problem(`${switchingOver.heading}. ${switchingOver.text}`, switchingOver.status, {
        "Retry-After": String(switchingOver.retryAfterSeconds),
      });
    }
    if (error instanceof Response) return problem("Please sign in again.", 401);
    throw error;
  }
}
