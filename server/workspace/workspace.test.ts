// The workspace's sign-in rules against a real SQLite file and the real PostgreSQL server, with the
// clock moved by hand: invitations, challenges and sessions expire when they should, work once, and
// revoking someone, or removing one of their passkeys, ends the sessions concerned at once.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { tombstoneOf } from "../tables/tombstones.ts";
import { challengeLifetimeMs } from "./passkeys.ts";
import { relyingParty } from "./relying-party.ts";
import { absoluteTimeoutMs, confirmationWindowMs, createSession, idleTimeoutMs } from "./sessions.ts";
import { type Invited, invitationLifetimeMs } from "./team.ts";
import { createWorkspace, defaultChallengeLimit, type Workspace } from "./workspace.ts";

const rp = { rpID: "localhost", origin: "http://localhost:3000" };
const start = Date.parse("2026-03-02T09:00:00Z");

/** An answer to a challenge from a passkey this site has never seen. */
function strangersAnswer(challenge: string) {
  const clientData = { type: "webauthn.get", challenge, origin: rp.origin };
  return {
    id: "AAAA",
    rawId: "AAAA",
    type: "public-key" as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString("base64url"),
      authenticatorData: "",
      signature: "",
    },
  };
}

/** The link's token an invitation of someone new hands back (someone on the team gets theirs by e-mail). */
function linkToken(invited: Invited): string {
  if (invited.token === null) throw new Error("The invitation went by e-mail: they already have an account");
  return invited.token;
}

describe.each(["sqlite", "postgres"] as const)("staff sign-in rules on %s", (dialect) => {
  let db: Database;
  let dir = "";
  let schema = "";
  let now = start;
  let workspace: Workspace;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "workspace-test-"));
    if (dialect === "sqlite") {
      db = openDatabase(path.join(dir, "site.sqlite"));
    } else {
      schema = `workspace_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      db = openDatabase(postgresUrl, { schema });
    }
    await migrate(db);
    now = start;
    workspace = createWorkspace({
      db,
      niKey: randomBytes(32),
      ipSalt: "a-test-salt-of-sixteen+",
      clock: () => now,
      signInLimit: { limit: 3, windowMs: 15 * 60 * 1000 },
      tombstoneOf: (reference) => tombstoneOf(db, reference),
    });
  });

  /** The token in the newest invitation e-mailed to this address, as its owner reads it. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await db.all<{ body: string }>(
      "SELECT body FROM outbox WHERE to_address = ? AND purpose = 'staff-security' ORDER BY id DESC LIMIT 1",
      [email],
    );
    const token = /\/staff\/invitation\/([\w-]{43})/.exec(mail?.body ?? "")?.[1];
    if (!token) throw new Error(`No invitation was e-mailed to ${email}`);
    return token;
  }

  afterEach(async () => {
    await db.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      schema = "";
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("an invitation opens for 24 hours, and a passkey can no longer be made from it after", async () => {
    const token = linkToken(
      await workspace.invite({ email: " Jo@Example.co.uk ", name: "Jo Bloggs", admin: true }),
    );
    expect(await workspace.findInvitation(token)).toMatchObject({
      email: "jo@example.co.uk",
      name: "Jo Bloggs",
    });
    expect(await workspace.findInvitation(`${token}x`)).toBeNull();
    now += invitationLifetimeMs - 1;
    await expect(workspace.registrationOptions(token, rp)).resolves.toMatchObject({
      rp: { id: "localhost" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    now += 1;
    expect(await workspace.findInvitation(token)).toBeNull();
    await expect(workspace.registrationOptions(token, rp)).rejects.toThrow(
      "expired or has already been used",
    );
  });

  it("a registration challenge answers only for its own invitation", async () => {
    const first = await workspace.invite({ email: "one@example.co.uk", name: "One" });
    const second = await workspace.invite({ email: "two@example.co.uk", name: "Two" });
    const options = await workspace.registrationOptions(linkToken(first), rp);
    const answer = {
      ...strangersAnswer(options.challenge),
      response: { clientDataJSON: "", attestationObject: "" },
    };
    answer.response.clientDataJSON = Buffer.from(JSON.stringify({ challenge: options.challenge })).toString(
      "base64url",
    );
    await expect(workspace.register(linkToken(second), answer as never, rp)).rejects.toThrow(
      "expired or was already used",
    );
  });

  it("a sign-in challenge works once and for five minutes", async () => {
    const used = await workspace.authenticationOptions(rp);
    expect(used.userVerification).toBe("required");
    expect(used.allowCredentials ?? []).toEqual([]);
    // The first answer uses the challenge up (and fails: nobody has this passkey)...
    await expect(workspace.signIn(strangersAnswer(used.challenge) as never, rp)).rejects.toThrow(
      "not registered here",
    );
    // ...so the same challenge cannot be answered again.
    await expect(workspace.signIn(strangersAnswer(used.challenge) as never, rp)).rejects.toThrow(
      "expired or was already used",
    );

    const late = await workspace.authenticationOptions(rp);
    now += 5 * 60 * 1000;
    await expect(workspace.signIn(strangersAnswer(late.challenge) as never, rp)).rejects.toThrow(
      "expired or was already used",
    );
    await expect(workspace.signIn(strangersAnswer("made-up") as never, rp)).rejects.toThrow(
      "expired or was already used",
    );
  });

  it("a session ends after 12 idle hours", async () => {
    const { staffId } = await workspace.invite({ email: "idle@example.co.uk", name: "Idle" });
    const token = await db.transaction((tx) =>
      import("./sessions.ts").then((s) => s.createSession(tx, staffId, now)),
    );
    now += idleTimeoutMs - 1;
    expect(await workspace.currentStaff(token)).toMatchObject({ id: staffId, name: "Idle", isAdmin: false });
    now += idleTimeoutMs - 1;
    expect(await workspace.currentStaff(token), "each request restarts the idle clock").not.toBeNull();
    now += idleTimeoutMs;
    expect(await workspace.currentStaff(token)).toBeNull();
    // And it is gone from the database, not merely refused.
    now = start;
    expect(await workspace.currentStaff(token)).toBeNull();
  });

  it("a session ends 7 days after sign-in however busy it is", async () => {
    const { staffId } = await workspace.invite({ email: "busy@example.co.uk", name: "Busy" });
    const token = await createSession(db, staffId, now);
    const end = start + absoluteTimeoutMs;
    while (now + 6 * 60 * 60 * 1000 < end) {
      now += 6 * 60 * 60 * 1000;
      expect(await workspace.currentStaff(token)).not.toBeNull();
    }
    now = end;
    expect(await workspace.currentStaff(token)).toBeNull();
  });

  it("revoking someone ends their sessions and invitations at once", async () => {
    const invited = await workspace.invite({ email: "gone@example.co.uk", name: "Gone" });
    const { staffId } = invited;
    const invitation = linkToken(invited);
    const session = await createSession(db, staffId, now);
    expect(await workspace.currentStaff(session)).not.toBeNull();
    expect(await workspace.revoke("GONE@example.co.uk", null)).toBe(true);
    expect(await workspace.currentStaff(session)).toBeNull();
    expect(await workspace.findInvitation(invitation)).toBeNull();
    expect((await workspace.listTeam()).find((p) => p.id === staffId)?.revokedAt).toBe(now);
    expect(await workspace.revoke("nobody@example.co.uk", null)).toBe(false);
    // Invited again (a lost device, or a return), they are back on the team once they use the link,
    // and not before (see limits.test.ts).
    const again = await workspace.invite({ email: "gone@example.co.uk" });
    expect(again).toMatchObject({ staffId, existing: true, token: null, mailedTo: "gone@example.co.uk" });
    expect(await workspace.findInvitation(await mailedToken("gone@example.co.uk"))).not.toBeNull();
    expect((await workspace.listTeam()).find((p) => p.id === staffId)?.revokedAt).toBe(now);
  });

  /** A passkey as registration stores it (the key itself is never read here), and a session it opened. */
  async function passkeyWithSession(staffId: number, id: string) {
    await db.run(
      "INSERT INTO passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, 0, '[]', ?)",
      [id, staffId, randomBytes(77), now],
    );
    now += 1000;
    return createSession(db, staffId, now, id);
  }

  async function signedIn(email: string, name: string, admin = false) {
    const { staffId } = await workspace.invite({ email, name, admin });
    const session = await passkeyWithSession(staffId, `key-of-${staffId}`);
    const me = await workspace.currentStaff(session);
    if (!me) throw new Error("The new session did not open");
    return { staffId, session, me };
  }

  it("removing a passkey ends the sessions it opened, and that passkey no longer signs in", async () => {
    const admin = await signedIn("admin@example.co.uk", "Admin", true);
    const { staffId } = await workspace.invite({ email: "lost@example.co.uk", name: "Lost Phone" });
    const onPhone = await passkeyWithSession(staffId, "phone-key");
    const alsoOnPhone = await createSession(db, staffId, now, "phone-key");
    const onLaptop = await passkeyWithSession(staffId, "laptop-key");
    now += 60_000;
    await db.run("UPDATE passkeys SET last_used_at = ? WHERE id = 'laptop-key'", [now]);

    expect((await workspace.listPasskeys(admin.me)).filter((k) => k.staffId === staffId)).toEqual([
      { id: "phone-key", staffId, number: 1, createdAt: start + 1000, lastUsedAt: null },
      { id: "laptop-key", staffId, number: 2, createdAt: start + 2000, lastUsedAt: now },
    ]);

    const removed = await workspace.removePasskey("phone-key", admin.me);
    expect(removed).toEqual({
      ok: true,
      value: { staffId, name: "Lost Phone", left: 1, endedThisSession: false },
    });
    expect(await workspace.currentStaff(onPhone)).toBeNull();
    expect(await workspace.currentStaff(alsoOnPhone)).toBeNull();
    expect(await workspace.currentStaff(onLaptop), "another passkey's session carries on").not.toBeNull();
    expect(await workspace.currentStaff(admin.session)).not.toBeNull();
    expect((await workspace.listPasskeys(admin.me)).filter((k) => k.staffId === staffId)).toMatchObject([
      { id: "laptop-key", number: 1 },
    ]);
    const audit = await db.all<{ staff_id: number; detail: string; created_at: number }>(
      "SELECT staff_id, detail, created_at FROM audit_log WHERE action = 'passkey-removed'",
    );
    expect(
      audit.map((row) => ({ ...row, staff_id: Number(row.staff_id), created_at: Number(row.created_at) })),
    ).toEqual([{ staff_id: admin.staffId, detail: `staff #${staffId}`, created_at: now }]);

    // The removed passkey's answer is refused before its signature is even looked at.
    const options = await workspace.authenticationOptions(rp);
    const answer = { ...strangersAnswer(options.challenge), id: "phone-key", rawId: "phone-key" };
    await expect(workspace.signIn(answer as never, rp)).rejects.toThrow("not registered here");
    expect(await workspace.removePasskey("phone-key", admin.me)).toMatchObject({ ok: false, missing: true });
  });

  it("an administrator removes anyone's passkey; everyone else only their own, and never their last", async () => {
    const admin = await signedIn("boss@example.co.uk", "Boss", true);
    const jo = await signedIn("jo@example.co.uk", "Jo");
    const sam = await signedIn("sam@example.co.uk", "Sam");

    expect(await workspace.listPasskeys(jo.me), "staff see only their own").toMatchObject([
      { id: `key-of-${jo.staffId}`, staffId: jo.staffId, number: 1 },
    ]);
    expect(await workspace.removePasskey(`key-of-${sam.staffId}`, jo.me)).toMatchObject({
      ok: false,
      forbidden: true,
    });
    expect(await workspace.currentStaff(sam.session)).not.toBeNull();
    expect(await workspace.removePasskey(`key-of-${jo.staffId}`, jo.me)).toMatchObject({
      ok: false,
      problem: expect.stringContaining("your only passkey"),
    });

    // With a second passkey, Jo may remove the first, and with it the session it opened: this one.
    const second = await passkeyWithSession(jo.staffId, "jo-second-key");
    expect(await workspace.removePasskey(`key-of-${jo.staffId}`, jo.me)).toEqual({
      ok: true,
      value: { staffId: jo.staffId, name: "Jo", left: 1, endedThisSession: true },
    });
    expect(await workspace.currentStaff(jo.session)).toBeNull();
    expect(await workspace.currentStaff(second)).not.toBeNull();

    // An administrator may remove someone's only passkey (a lost device); inviting them again adds a new one.
    expect(await workspace.removePasskey(`key-of-${sam.staffId}`, admin.me)).toMatchObject({
      ok: true,
      value: { staffId: sam.staffId, left: 0 },
    });
    expect(await workspace.currentStaff(sam.session)).toBeNull();
    const again = await workspace.invite({ email: "sam@example.co.uk", invitedBy: admin.staffId });
    expect(again.staffId).toBe(sam.staffId);
    const options = await workspace.registrationOptions(await mailedToken("sam@example.co.uk"), rp);
    expect(options.excludeCredentials ?? [], "the removed passkey is gone for good").toEqual([]);
    expect((await workspace.listTeam()).find((p) => p.id === sam.staffId)).toMatchObject({
      revokedAt: null,
      passkeys: 0,
    });
  });

  it("asks for the passkey again once the last confirmation is 15 minutes old", async () => {
    const { me } = await signedIn("careful@example.co.uk", "Careful");
    now += confirmationWindowMs - 1;
    expect(workspace.recentlyConfirmed(me)).toBe(true);
    now += 1;
    expect(workspace.recentlyConfirmed(me)).toBe(false);
  });

  it("rate limits passkey sign-in attempts per address", async () => {
    for (let i = 0; i < 3; i++)
      expect((await workspace.allowSignInAttempt("203.0.113.9")).allowed).toBe(true);
    const refused = await workspace.allowSignInAttempt("203.0.113.9");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await workspace.allowSignInAttempt("203.0.113.10")).allowed).toBe(true);
    const keys = await db.all<{ key: string }>("SELECT key FROM rate_limits");
    expect(keys.map((k) => k.key).join(" ")).not.toContain("203.0.113");
  });

  it("gives one address only so many challenges at once, and keeps only those still live", async () => {
    const allowed = await Promise.all(
      Array.from({ length: defaultChallengeLimit.limit + 10 }, () => workspace.allowChallenge("203.0.113.9")),
    );
    expect(allowed.filter((verdict) => verdict.allowed)).toHaveLength(defaultChallengeLimit.limit);
    expect((await workspace.allowChallenge("203.0.113.10")).allowed).toBe(true);
    for (let i = 0; i < 5; i++) await workspace.authenticationOptions(rp);
    now += challengeLifetimeMs;
    // The window has turned: the address may ask again, and the expired challenges are gone.
    expect((await workspace.allowChallenge("203.0.113.9")).allowed).toBe(true);
    await workspace.authenticationOptions(rp);
    const [row] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM webauthn_challenges");
    expect(Number(row?.n)).toBe(1);
  });
});

describe("where passkeys are bound", () => {
  it("is PUBLIC_URL when set, else localhost only", () => {
    expect(relyingParty("https://www.example.co.uk", new URL("http://10.0.0.5:3000/staff"))).toEqual({
      rpID: "www.example.co.uk",
      origin: "https://www.example.co.uk",
    });
    expect(relyingParty(undefined, new URL("http://localhost:3000/staff"))).toEqual({
      rpID: "localhost",
      origin: "http://localhost:3000",
    });
    expect(relyingParty(undefined, new URL("http://127.0.0.1:3000/staff"))).toBeNull();
  });
});
