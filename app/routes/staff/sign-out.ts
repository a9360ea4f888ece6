import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "./sign-out.server";

/** Ends this browser's session and forgets its cookie, in sign-out.server.ts. */
export async function action(args: Route.ActionArgs) {
  return signOut(args);
}

export function loader() {
  return redirect("/staff", 303);
}
