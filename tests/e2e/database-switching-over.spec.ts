// The staff workspace while its PostgreSQL database switches over (a failover): a page whose loader
// needs a write while the database answers but cannot write says so, with a 503 and Retry-After, in the
// workspace's frame, and the same page answers again once a primary is back. The production server and
// build, on a PostgreSQL database of its own (its connections are ended, which must touch nothing else).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createCookie } from "react-router";
import { openDatabase } from "../../server/db/database.ts";
import { createSession } from "../../server/workspace/sessions.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { expectNoAxeViolations } from "./helpers";

test("a workspace page says the database is switching over, then works again without a restart", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const database = await freshPostgresDatabase();
  const name = new URL(database.url).pathname.slice(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), "switching-over-"));
  const admin = new pg.Client({ connectionString: database.url });
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        IP_HASH_SALT: randomBytes(16).toString("hex"),
        FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
      },
      60_000,
      { pages: true },
    );
    await admin.connect();
    // A member of staff, signed in a few minutes ago: the next page they open records that they are
    // still there (a write).
    const db = openDatabase(database.url);
    const signedInAt = Date.now() - 5 * 60 * 1000;
    let token = "";
    try {
      const [staff] = await db.all<{ id: number }>(
        "INSERT INTO staff (email, name, user_handle, created_at, is_admin) VALUES (?, ?, ?, ?, 1) RETURNING id",
        ["priya.shah@cottonopolis.example", "Priya Shah", randomBytes(16).toString("hex"), signedInAt],
      );
      token = await createSession(db, Number(staff?.id), signedInAt);
    } finally {
      await db.close();
    }
    // Plain http on an address that is not localhost: the plain cookie (app/lib/staff/session.server.ts).
    const cookie = (await createCookie("staff-session").serialize(token)).split(";")[0] ?? "";
    const [cookieName, ...value] = cookie.split("=");
    await page.context().addCookies([{ name: cookieName ?? "", value: value.join("="), url: server.url }]);

    // The database answers but cannot write, as a standby does while a new primary is chosen.
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );

    const response = await page.goto(`${server.url}/staff?sort=due`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("5");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The database is switching over");
    await expect(
      page.getByText("This usually takes a few seconds. Your work is safe: try again in a moment."),
    ).toBeVisible();
    await expect(page).toHaveTitle(/The database is switching over/);
    const again = page.getByRole("link", { name: "Try again" });
    await expect(again).toHaveAttribute("href", "/staff?sort=due");
    await expectNoAxeViolations(page);

    // A primary again: the same link opens the page.
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = off`);
    await expect
      .poll(
        async () => {
          const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/staff"));
          await again.click();
          return (await answered).status();
        },
        { timeout: 15_000 },
      )
      .toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
    await expect(page).toHaveURL(/\/staff\?sort=due$/);
    expect(server.logs.filter((line) => line.level === "fatal")).toEqual([]);
    expect(await server.stop()).toBe(0);
  } finally {
    if (server?.child.exitCode === null) await server.stop();
    await admin.end().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
