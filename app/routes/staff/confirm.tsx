import { Link } from "react-router";
import { leadPath } from "#core/staff/paths.ts";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { staffMeta } from "~/lib/staff/meta";
import { requireStaff, safeNext } from "~/lib/staff/session.server";
import type { Route } from "./+types/confirm";

export function meta() {
  return staffMeta("Confirm it is you");
}

/** A document's download leaves the browser on this page: the lead it came from is the way back. */
function leadOfDocument(next: string): string | null {
  const match = /^\/staff\/leads\/([A-Za-z0-9-]{1,40})\/documents\/\d+$/.exec(next);
  return match?.[1] ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return { next, lead: leadOfDocument(next) };
}

/** Reached only by a post made without JavaScript: the passkey ceremony needs it. */
export function action() {
  return {
    message: "Confirming with a passkey needs JavaScript. Please turn it on for this site and try again.",
  };
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { next, lead } = loaderData;
  return (
    <div className="max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Confirm it is you</h1>
      <p>
        Exports, downloads, erasures of people's personal data, revealing a National Insurance number and
        every change an administrator makes to the team ask for your passkey again when you have not used it
        in the last few minutes. Once confirmed, you are taken back: do the change again there.
      </p>
      <PasskeyButton
        ceremony="confirm"
        label="Confirm with your passkey"
        next={next}
        serverMessage={actionData?.message}
      />
      {lead && (
        <p>
          The document downloads once you have confirmed.{" "}
          <Link to={leadPath(lead)} className="font-semibold text-accent-800 underline">
            Back to {lead}
          </Link>
        </p>
      )}
    </div>
  );
}
