// The workspace behind the server's real middleware (createApp), with a small React Router build: the
// real team page's action, and a route that says what reached it for the downloads. What must hold: a
// download another site sets off never reaches its route, and an administrator's action with a stale
// passkey confirmation is sent to confirm first and changes nothing.
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createCookie, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillContext } from "../../app/lib/app-context.ts";
import * as teamRoute from "../../app/routes/staff/team.tsx";
import { type Harness, startHarness } from "../../tests/support/harness.ts";
import { createApp, createHttpServer } from "../app.ts";
import { createLogger } from "../observability/logger.ts";
import { confirmationWindowMs, createSession } from "./sessions.ts";
import { invite, listTeam } from "./team.ts";

const reached: string[] = [];

/** Every download's stand-in: records that it was reached. */
const download = {
  async loader({ request }: { request: Request }) {
    reached.push(new URL(request.url).pathname);
    return new Response("a workspace file", { headers: { "Content-Type": "text/plain" } });
  },
};

const build = {
  entry: {
    module: {
      default: () => new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } }),
      fillContext,
    },
  },
  routes: {
    root: { id: "root", path: "", module: {} },
    team: { id: "team", parentId: "root", path: "staff/team", module: teamRoute },
    download: { id: "download", parentId: "root", path: "staff/*", module: download },
  },
  assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("the workspace's guard and administrators' confirmation", () => {
  let h: Harness;
  let server: Server;
  let origin = "";
  let cookie = "";
  let adminId = 0;

  beforeAll(async () => {
    h = await startHarness("sqlite");
    const app = createApp({
      build,
      mode: "production",
      logger: createLogger("fatal"),
      services: h.services.app,
      ownOrigins: [],
    });
    server = createHttpServer(app);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const admin = await invite(
      h.services.db,
      { email: "guard.admin@cottonopolis.example", name: "Gwen Guard", admin: true },
      Date.now(),
    );
    adminId = admin.staffId;
    const token = await createSession(h.services.db, adminId, Date.now());
    // The plain cookie: this address is neither https nor localhost (see secureCookie in workspace.ts).
    cookie = (await createCookie("staff-session").serialize(token)).split(";")[0] ?? "";
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await h?.close();
  });

  const downloads = [
    "/staff/export.csv?status=new",
    "/staff/people/download?email=someone%40example.co.uk",
    "/staff/leads/APP-ABC123/documents/7",
    "/staff/analytics.csv",
  ];

  it("refuses a download set off from another site, before its route", async () => {
    for (const path of downloads) {
      for (const site of ["cross-site", "same-site"]) {
        const response = await fetch(`${origin}${path}`, {
          headers: { Cookie: cookie, "Sec-Fetch-Site": site },
          redirect: "manual",
        });
        expect(response.status, `${site} ${path}`).toBe(403);
        expect(await response.text()).toContain("from the staff workspace's own pages only");
      }
    }
    expect(reached).toEqual([]);
  });

  it("lets a download through from the workspace's own pages, or an address typed", async () => {
    for (const path of downloads) {
      for (const site of ["same-origin", "none"]) {
        const response = await fetch(`${origin}${path}`, {
          headers: { Cookie: cookie, "Sec-Fetch-Site": site },
          redirect: "manual",
        });
        expect(response.status, `${site} ${path}`).toBe(200);
      }
    }
    expect(reached).toHaveLength(downloads.length * 2);
  });

  async function teamPost(fields: Record<string, string>) {
    return fetch(`${origin}/staff/team`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }

  it("sends an administrator whose confirmation is stale to confirm, and changes nothing", async () => {
    const other = await invite(
      h.services.db,
      { email: "guard.staff@cottonopolis.example", name: "Sid Staff" },
      Date.now(),
    );
    const stale = Date.now() - confirmationWindowMs - 60_000;
    await h.services.db.run("UPDATE sessions SET confirmed_at = ? WHERE staff_id = ?", [stale, adminId]);
    const person = async () => (await listTeam(h.services.db)).find((member) => member.id === other.staffId);

    const actions: Record<string, string>[] = [
      { intent: "revoke", email: "guard.staff@cottonopolis.example" },
      { intent: "permissions", staff: String(other.staffId), change: "admin-on" },
      { intent: "permissions", staff: String(other.staffId), change: "vacancies-on" },
      { intent: "notifications", staff: String(other.staffId), route: "enquiry:cleaning" },
      { intent: "invite", email: "new.person@cottonopolis.example", name: "Nia New", admin: "on" },
    ];
    for (const fields of actions) {
      const response = await teamPost(fields);
      expect(response.status, fields.intent).toBe(303);
      expect(response.headers.get("location")).toBe("/staff/confirm?next=%2Fstaff%2Fteam");
    }
    expect(await person()).toMatchObject({ revokedAt: null, isAdmin: false, canManageVacancies: false });
    expect(
      (await listTeam(h.services.db)).some((member) => member.email === "new.person@cottonopolis.example"),
    ).toBe(false);

    // Confirmed just now: the same action goes through.
    await h.services.db.run("UPDATE sessions SET confirmed_at = ? WHERE staff_id = ?", [Date.now(), adminId]);
    const granted = await teamPost({
      intent: "permissions",
      staff: String(other.staffId),
      change: "vacancies-on",
    });
    expect(granted.status).toBe(200);
    expect((await person())?.canManageVacancies).toBe(true);
  });
});
