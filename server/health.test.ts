// The Health page's service on both databases: what it reads of the site itself (the delivery queue,
// the last backup and purge in the database, this process's form errors) and says in words.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Dialect,
  type Harness,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../tests/support/harness.ts";
import { diskPercentUsed } from "./health.ts";
import { recordJobRun } from "./tables/job-runs.ts";

describe.each<Dialect>(["sqlite", "postgres"])("the Health page's checks on %s", (dialect) => {
  let harness: Harness | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await harness?.close();
    harness = null;
    server = null;
  });

  it("says what a new site without mail or backups needs, and clears each as it is put right", async () => {
    harness = await startHarness(dialect);
    const { services } = harness;
    expect((await postEnquiry(harness.url, validEnquiry())).status).toBe(200);
    const states = async () =>
      Object.fromEntries((await services.app.health.checks()).map((check) => [check.key, check.state]));

    // No SMTP server is set, no backup has run, and no purge yet.
    const first = await services.app.health.checks();
    expect(first.find((check) => check.key === "mail")?.says).toBe(
      "E-mail is not set up: 2 messages are waiting.",
    );
    expect(await states()).toMatchObject({
      backup: "attention",
      purge: "attention",
      mail: "attention",
      failed: "fine",
      forms: "fine",
    });
    // The data folder's disk is read as the monitoring's disk alert reads it.
    expect(first.find((check) => check.key === "disk")?.says).toMatch(/^The server's disk is \d+% full\.$/);

    await recordJobRun(services.db, "backup", Date.now() - 3 * 60 * 60 * 1000);
    await (await services.startPurging()).runOnce();
    const after = await services.app.health.checks();
    expect(after.find((check) => check.key === "backup")?.says).toBe("The last backup finished 3 hours ago.");
    expect(await states()).toMatchObject({ backup: "fine", purge: "fine", mail: "attention" });
  });

  it("counts each form's server errors of the last day, as this process answered them", async () => {
    harness = await startHarness(dialect);
    const { metrics, app } = harness.services;
    server = createServer(
      metrics.wrap((req, res) => {
        res.statusCode = req.url === "/careers-handler.php" ? 503 : 500;
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ["/contact-handler.php", "/contact-handler.php", "/careers-handler.php", "/about"])
      await fetch(`${url}${path}`, { method: "POST" });
    expect(metrics.formServerErrors(0)).toEqual({ contact: 2, careers: 1 });
    expect(metrics.formServerErrors(Date.now() + 1000)).toEqual({ contact: 0, careers: 0 });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^site_form_responses_total\{form="contact",status="500"\} 2$/m);
    expect(text).toMatch(/^site_form_responses_total\{form="careers",status="503"\} 1$/m);
    const forms = (await app.health.checks()).find((check) => check.key === "forms");
    expect(forms?.state).toBe("attention");
    expect(forms?.says).toContain("the contact form 2 times, the application form 1 time");
  });
});

describe("diskPercentUsed", () => {
  it("reads how full a folder's disk is, and nothing for a folder that is not there", async () => {
    const used = await diskPercentUsed(process.cwd());
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(100);
    expect(await diskPercentUsed("/no/such/folder/here")).toBeNull();
  });
});
