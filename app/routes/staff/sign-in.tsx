import { PasskeyButton } from "~/components/staff/passkey-button";
import { StaffGate } from "~/components/staff/shell";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/sign-in";
import { loadSignIn } from "./sign-in.server";

export function meta() {
  return staffMeta("Sign in");
}

// The session and the address are checked in sign-in.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadSignIn(args);
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
