import { Link } from "react-router";
import { leadPath } from "#core/staff/paths.ts";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/confirm";
import { loadConfirm } from "./confirm.server";

export function meta() {
  return staffMeta("Confirm it is you");
}

// The way back is checked in confirm.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadConfirm(args);
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
        Exports, downloads, erasures of people's personal data, revealing a National Insurance number, telling
        many applicants “not this time” at once and every change an administrator makes to the team ask for
        your passkey again when you have not used it in the last few minutes. Once confirmed, you are taken
        back: do the change again there.
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
