import { PasskeyButton } from "~/components/staff/passkey-button";
import { StaffGate } from "~/components/staff/shell";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/invitation";
import { loadInvitation } from "./invitation.server";

export function meta() {
  return staffMeta("Your invitation");
}

// The invitation is read in invitation.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadInvitation(args);
}

/** Reached only by a post made without JavaScript: the passkey ceremony needs it. */
export function action() {
  return { message: "Creating a passkey needs JavaScript. Please turn it on for this site and try again." };
}

export default function Invitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const { invitation, available } = loaderData;
  if (!invitation) {
    return (
      <StaffGate title="This invitation no longer works">
        <p>
          Invitations work once and for 24 hours. Ask an administrator to invite you again; the new link will
          let you create a passkey.
        </p>
      </StaffGate>
    );
  }
  return (
    <StaffGate title={`Welcome, ${invitation.name}`}>
      <p>
        You have been invited to the staff workspace as <strong>{invitation.email}</strong>. Create a passkey
        on this device: your phone or computer will ask for your fingerprint, face or screen lock. There is no
        password to remember.
      </p>
      {available ? (
        <PasskeyButton
          ceremony="register"
          label="Create passkey"
          token={params.token}
          next="/staff"
          serverMessage={actionData?.message}
        />
      ) : (
        <p role="alert" className="font-medium text-red-700">
          Passkeys work only at the site's public address. Open this link there.
        </p>
      )}
    </StaffGate>
  );
}
