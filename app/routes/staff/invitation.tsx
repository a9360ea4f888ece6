import { data } from "react-router";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { StaffGate } from "~/components/staff/shell";
import { staffMeta } from "~/lib/staff/meta";
import { workspaceOf } from "~/lib/staff/session.server";
import type { Route } from "./+types/invitation";

export function meta() {
  return staffMeta("Your invitation");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const workspace = workspaceOf(context);
  const invitation = await workspace.findInvitation(params.token);
  if (!invitation) return data({ invitation: null, available: false }, 410);
  return {
    invitation: { name: invitation.name, email: invitation.email, expiresAt: invitation.expiresAt },
    available: workspace.relyingParty(new URL(request.url)) !== null,
  };
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
