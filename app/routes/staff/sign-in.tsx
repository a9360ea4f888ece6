import { redirect } from "react-router";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { StaffGate } from "~/components/staff/shell";
import { staffMeta } from "~/lib/staff/meta";
import { safeNext, sessionToken, workspaceOf } from "~/lib/staff/session.server";
import type { Route } from "./+types/sign-in";

export function meta() {
  return staffMeta("Sign in");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const workspace = workspaceOf(context);
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (await workspace.currentStaff(await sessionToken(request, context))) throw redirect(next, 303);
  // The address that works without PUBLIC_URL: this server's own port on localhost.
  const localAddress = `http://localhost${url.port ? `:${url.port}` : ""}`;
  return { next, available: workspace.relyingParty(url) !== null, localAddress };
}

/** Reached only by a post made without JavaScript: the passkey ceremony needs it. */
export function action() {
  return {
    message: "Signing in with a passkey needs JavaScript. Please turn it on for this site and try again.",
  };
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { next, available, localAddress } = loaderData;
  return (
    <StaffGate title="Sign in">
      <p>Sign in to the staff workspace with the passkey on your phone, computer or security key.</p>
      {available ? (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="sign-in-email" className="text-sm font-semibold">
              Work e-mail
            </label>
            <input
              id="sign-in-email"
              name="email"
              type="email"
              autoComplete="username webauthn"
              aria-describedby="sign-in-email-help"
              className="min-h-11 rounded-lg border border-navy-300 px-3 py-2"
            />
            <p id="sign-in-email-help" className="text-sm text-navy-700">
              Your browser may offer your passkey here; the button below works too.
            </p>
          </div>
          <PasskeyButton
            ceremony="sign-in"
            label="Sign in with a passkey"
            next={next}
            autofillInputId="sign-in-email"
            serverMessage={actionData?.message}
          />
        </>
      ) : (
        <p role="alert" className="font-medium text-red-700">
          Passkeys work only at the site's public address. Ask whoever runs the site to set PUBLIC_URL, or
          open the workspace at {localAddress} on the server itself.
        </p>
      )}
      <p className="text-sm text-navy-700">
        No passkey yet, or lost the device it was on? Ask an administrator for an invitation.
      </p>
    </StaffGate>
  );
}
