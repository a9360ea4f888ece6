import { PasskeyButton } from "~/components/staff/passkey-button";
import { requireStaff, safeNext } from "~/lib/staff/session.server";
import type { Route } from "./+types/confirm";

export function meta() {
  return [{ title: "Confirm it is you · Staff workspace" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { next: safeNext(new URL(request.url).searchParams.get("next")) };
}

/** Reached only by a post made without JavaScript: the passkey ceremony needs it. */
export function action() {
  return {
    message: "Confirming with a passkey needs JavaScript. Please turn it on for this site and try again.",
  };
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Confirm it is you</h1>
      <p>
        Exports, downloads and erasures of people's personal data ask for your passkey again when you have not
        used it in the last few minutes.
      </p>
      <PasskeyButton
        ceremony="confirm"
        label="Confirm with your passkey"
        next={loaderData.next}
        serverMessage={actionData?.message}
      />
    </div>
  );
}
