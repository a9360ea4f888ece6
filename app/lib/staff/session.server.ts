import { createCookie, redirect } from "react-router";
import { isStaffPageTarget } from "#core/staff/paths.ts";
import { type AppServices, clientAddressContext, servicesContext } from "../app-context.ts";

type Workspace = AppServices["workspace"];

type Context = { get: <T>(key: import("react-router").RouterContext<T>) => T };

const cookieOptions = { httpOnly: true, sameSite: "lax", path: "/" } as const;
// `__Host-` pins the cookie to this host and path / over a secure connection. The workspace says when
// to use it (always when PUBLIC_URL is https, whatever a proxy in front says; see secureCookie in
// server/workspace/workspace.ts). Anywhere else (plain http on another address) the plain name is used.
const hostCookie = createCookie("__Host-staff-session", { ...cookieOptions, secure: true });
const plainCookie = createCookie("staff-session", cookieOptions);

function cookieFor(request: Request, context: Context) {
  return workspaceOf(context).secureCookie(new URL(request.url)) ? hostCookie : plainCookie;
}

/** The session token the browser sent, if any. */
export async function sessionToken(request: Request, context: Context): Promise<string | undefined> {
  const value: unknown = await cookieFor(request, context).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The Set-Cookie header that starts a session in this browser. */
export function startSessionCookie(request: Request, context: Context, token: string): Promise<string> {
  return cookieFor(request, context).serialize(token);
}

/** The Set-Cookie header that removes the session cookie. */
export function endSessionCookie(request: Request, context: Context): Promise<string> {
  return cookieFor(request, context).serialize("", { maxAge: 0 });
}

/** The workspace's services, from the router context. */
export function workspaceOf(context: Context): Workspace {
  return context.get(servicesContext).workspace;
}

/** The address a request came from, as the server saw it (behind a trusted proxy, the client's). */
export function clientAddress(context: Context): string {
  return context.get(clientAddressContext);
}

/**
 * The signed-in member of staff, or a 303 redirect to the sign-in page (pages and form posts).
 * Loaders and actions of every workspace page call this first.
 */
export async function requireStaff(request: Request, context: Context) {
  const services: AppServices = context.get(servicesContext);
  const me = await services.workspace.currentStaff(await sessionToken(request, context));
  if (!me) {
    const url = new URL(request.url);
    const back = url.pathname === "/staff" ? "" : `?next=${encodeURIComponent(url.pathname + url.search)}`;
    throw redirect(`/staff/sign-in${back}`, 303);
  }
  return { ...services, me };
}

/** The signed-in member of staff, or a 401 answer: for downloads and exports, which never redirect. */
export async function requireStaffForFile(request: Request, context: Context) {
  const services: AppServices = context.get(servicesContext);
  const me = await services.workspace.currentStaff(await sessionToken(request, context));
  if (!me) {
    throw new Response("Sign in to the staff workspace to download this.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return { ...services, me };
}

/** A `next` path after sign-in: only a path inside the workspace, never another site. */
export function safeNext(value: string | null): string {
  if (value === null) return "/staff";
  return isStaffPageTarget(value) ? value : "/staff";
}
