import type { Route } from "./+types/passkey";
import { passkeyCeremony } from "./passkey.server";

/** Every passkey ceremony's server half, as JSON for the PasskeyButton, in passkey.server.ts. */
export async function action(args: Route.ActionArgs) {
  return passkeyCeremony(args);
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
