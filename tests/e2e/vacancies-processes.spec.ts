// Two real server processes (the production server, serving the production build) on one database:
// a vacancy published, changed or closed is seen by both within a minute, with no restart.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { londonDate } from "#core/vacancies/model.ts";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { createVacancies } from "../../server/vacancies/vacancies.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { uniqueTag } from "./lead-helpers";

// What the task promises: every process shows a change within a minute.
const withinAMinute = { timeout: 60_000, intervals: [100, 250, 500] };

for (const dialect of ["postgres", "sqlite"] as const) {
  test(`two server processes on one ${dialect} database see the same vacancies`, async () => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "vacancy-processes-"));
    const postgres = dialect === "postgres" ? await freshPostgresDatabase() : null;
    const databaseUrl = postgres?.url ?? path.join(dataDir, "site.sqlite");
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // In production every process on one PostgreSQL database is given the same keys.
      NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      IP_HASH_SALT: randomBytes(16).toString("hex"),
      FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
    };
    let servers: ServerProcess[] = [];
    let db: Database | null = null;
    try {
      // One after the other, so the first applies the migrations and makes the keys.
      const first = await startServerProcess(env, 60_000, { pages: true });
      servers = [first];
      servers.push(await startServerProcess(env, 60_000, { pages: true }));
      // The vacancies service on its own connection, as a third process of the same site would use it.
      db = openDatabase(databaseUrl);
      const vacancies = createVacancies({ db });
      const title = `Night Security Officer ${uniqueTag()}`;
      const saved = await vacancies.save(
        null,
        {
          title,
          service: "security-officers",
          location: "Trafford Park, Manchester",
          postcode: "M17 1AA",
          employmentType: "FULL_TIME",
          payFrom: 12.5,
          payTo: 13,
          payPeriod: "HOUR",
          hours: "Nights, 4 on 4 off",
          description: "Patrols and access control across a logistics site.",
          closesOn: londonDate(Date.now() + 20 * 86_400_000),
        },
        "publish",
        null,
      );
      if (!saved.ok) throw new Error(saved.problem);
      const vacancyPath = `/careers/vacancies/${saved.vacancy.slug}`;
      const text = async (url: string) => {
        const response = await fetch(url);
        return { status: response.status, body: await response.text() };
      };

      for (const server of servers) {
        await expect
          .poll(async () => (await text(`${server.url}/careers/vacancies`)).body, withinAMinute)
          .toContain(`href="${vacancyPath}"`);
        const page = await text(`${server.url}${vacancyPath}`);
        expect(page.status).toBe(200);
        expect(page.body).toContain(`<h1`);
        expect(page.body).toContain(title);
        expect(page.body).toContain('"@type":"JobPosting"');
        await expect
          .poll(async () => (await text(`${server.url}/sitemap.xml`)).body, withinAMinute)
          .toContain(`${vacancyPath}</loc>`);
      }

      const closed = await vacancies.close(saved.vacancy.reference, null);
      if (!closed.ok) throw new Error(closed.problem);
      for (const server of servers) {
        await expect
          .poll(async () => (await text(`${server.url}${vacancyPath}`)).status, withinAMinute)
          .toBe(410);
        expect((await text(`${server.url}/careers/vacancies`)).body).not.toContain(vacancyPath);
        expect((await text(`${server.url}/sitemap.xml`)).body).not.toContain(vacancyPath);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await db?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
