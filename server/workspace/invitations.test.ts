// Invitations through the real team page's action, behind the server's real middleware, with a real SMTP
// server on loopback, on a SQLite file and on the real PostgreSQL server. What must hold: someone new gets
// a link the administrator passes on; someone who already has an account gets theirs by e-mail at their own
// address only, and the administrator never sees it, so nobody can add a passkey to a colleague's account.
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createCookie, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillContext } from "../../app/lib/app-context.ts";
import * as teamRoute from "../../app/routes/staff/team.tsx";
import { deliverAll, type Harness, startHarness, TestSmtp } from "../../tests/support/harness.ts";
import { createApp, createHttpServer } from "../app.ts";
import { createLogger } from "../observability/logger.ts";
import { createSession } from "./sessions.ts";
import { findInvitation, invitationLifetimeMs, invite } from "./team.ts";

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

/** The invitation link in an e-mail's words, and its token. */
function linkIn(body: string): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/staff\/invitation\/([\w-]{43}))/.exec(body);
  if (!match?.[1] || !match[2]) throw new Error("The e-mail carries no invitation link");
  return { link: match[1], token: match[2] };
}

describe.each(["sqlite", "postgres"] as const)("invitations from the team page on %s", (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;
  let server: Server;
  let origin = "";
  let cookie = "";
  let adminId = 0;

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: "https://www.cottonopolis.example",
    });
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
      { email: "ada.admin@cottonopolis.example", name: "Ada Admin", admin: true },
      Date.now(),
    );
    adminId = admin.staffId;
    const token = await createSession(h.services.db, adminId, Date.now());
    // The site's public address is https, so the session's cookie is the __Host- one (see secureCookie).
    cookie =
      (await createCookie("__Host-staff-session", { secure: true }).serialize(token)).split(";")[0] ?? "";
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await h?.close();
    await smtp.stop();
  });

  /** The team page's invite form, posted as the page's script does: the action's data is the answer. */
  async function inviteFromPage(email: string, name: string) {
    const response = await fetch(`${origin}/staff/team.data`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "invite", email, name }),
      redirect: "manual",
    });
    return { status: response.status, text: await response.text() };
  }

  it("shows the link for someone new, who has no account anyone could take over", async () => {
    smtp.messages = [];
    const answer = await inviteFromPage("nia.new@cottonopolis.example", "Nia New");
    expect(answer.status).toBe(200);
    const token = /\/staff\/invitation\/([\w-]{43})/.exec(answer.text)?.[1] ?? "";
    expect(await findInvitation(h.services.db, token, Date.now())).toMatchObject({
      email: "nia.new@cottonopolis.example",
    });
    await deliverAll(h);
    expect(smtp.messages).toEqual([]);
  });

  it("e-mails someone already on the team their link at their own address only, and never shows it", async () => {
    const colleague = await invite(
      h.services.db,
      { email: "cal.colleague@cottonopolis.example", name: "Cal Colleague" },
      Date.now(),
    );
    smtp.messages = [];
    // Typed with other capitals and another name: still their account, and their address on file.
    const answer = await inviteFromPage("Cal.Colleague@cottonopolis.example", "Someone Else");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("cal.colleague@cottonopolis.example");
    expect(answer.text).not.toContain("/staff/invitation/");

    await deliverAll(h);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual(["cal.colleague@cottonopolis.example"]);
    expect(mail?.parsed.subject).toBe(
      "Cottonopolis Facilities workspace: a link to add a passkey to your account",
    );
    const body = mail?.parsed.text ?? "";
    expect(body).toContain("Hello Cal Colleague,");
    expect(body).toContain("Ada Admin sent you a link");
    const { link, token } = linkIn(body);
    expect(link.startsWith("https://www.cottonopolis.example/staff/invitation/")).toBe(true);
    expect(answer.text).not.toContain(token);
    // The link opens their own account, and nobody else's.
    expect(await findInvitation(h.services.db, token, Date.now())).toMatchObject({
      staffId: colleague.staffId,
      email: "cal.colleague@cottonopolis.example",
    });
    expect(await findInvitation(h.services.db, token, Date.now() + invitationLifetimeMs)).toBeNull();
  });

  it("refuses a name with hidden characters, saying so, and invites nobody", async () => {
    const answer = await inviteFromPage("rio.right@cottonopolis.example", "Rio \u202Enimda");
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(
      "Their name contains hidden characters that can change how it reads; please type it again without them.",
    );
    const [row] = await h.services.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM staff WHERE email = ?", [
      "rio.right@cottonopolis.example",
    ]);
    expect(Number(row?.n)).toBe(0);
  });
});
