// /metrics over real HTTP, on both databases: who is answered, and what the figures say.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Dialect,
  type Harness,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../tests/support/harness.ts";
import type { Database } from "./db/database.ts";
import { createMetrics } from "./metrics.ts";
import { recordJobRun } from "./tables/job-runs.ts";

const token = "metrics-token-for-the-tests-0123456789";

describe.each<Dialect>(["sqlite", "postgres"])("/metrics on %s", (dialect) => {
  let harness: Harness | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await harness?.close();
    harness = null;
    server = null;
  });

  /** The form endpoints behind the metrics wrapper, as server/main.ts serves them. */
  async function start(): Promise<string> {
    harness = await startHarness(dialect, { METRICS_TOKEN: token, CONTACT_RATE_LIMIT: "3" });
    const app = express();
    app.use(harness.services.leads);
    server = createServer(harness.services.metrics.wrap(app));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("refuses a forwarded request without the token, and answers loopback or the token", async () => {
    const url = await start();
    const forwarded = await fetch(`${url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(forwarded.status).toBe(401);
    expect(forwarded.headers.get("www-authenticate")).toContain("Bearer");
    const wrong = await fetch(`${url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer not-the-token-at-all-000000" },
    });
    expect(wrong.status).toBe(401);
    const withToken = await fetch(`${url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get("content-type")).toContain("text/plain");
    const local = await fetch(`${url}/metrics`);
    expect(local.status).toBe(200);
  });

  it("counts stored leads by kind, refusals by reason, the queue and request durations", async () => {
    const url = await start();
    for (let i = 0; i < 2; i++) expect((await postEnquiry(url, validEnquiry())).status).toBe(200);
    expect((await postEnquiry(url, "{not json")).status).toBe(400);
    // The fourth post from this address in the window is over the limit of three.
    expect((await postEnquiry(url, validEnquiry())).status).toBe(429);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('site_leads_stored_total{kind="enquiry"} 2');
    expect(text).toContain('site_form_refusals_total{reason="invalid"} 1');
    expect(text).toContain('site_form_refusals_total{reason="rate_limited"} 1');
    // No SMTP server is configured: both acknowledgements and both staff e-mails wait in the queue.
    expect(text).toMatch(/^site_delivery_queue_depth [1-9]\d*$/m);
    expect(text).toMatch(/^site_delivery_queue_oldest_seconds \d+$/m);
    expect(text).toMatch(/^site_deliveries_failed 0$/m);
    expect(text).toMatch(/^site_request_duration_seconds_count\{group="forms"\} 4$/m);
    if (dialect === "postgres") expect(text).toMatch(/^site_database_pool_connections\{state="max"\} 20$/m);
    else expect(text).not.toContain("site_database_pool_connections");
  });

  it("counts every answer of each form by status, and the oldest waiting message's age", async () => {
    const url = await start();
    expect((await postEnquiry(url, validEnquiry())).status).toBe(200);
    expect((await postEnquiry(url, "{not json")).status).toBe(400);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(/^site_form_responses_total\{form="contact",status="200"\} 1$/m);
    expect(text).toMatch(/^site_form_responses_total\{form="contact",status="400"\} 1$/m);
    // The statuses the alert watches are there at 0 before the first error.
    expect(text).toMatch(/^site_form_responses_total\{form="careers",status="500"\} 0$/m);
    expect(text).toMatch(/^site_form_responses_total\{form="contact",status="503"\} 0$/m);
    // Only the form's name and the status: nothing the visitor sent.
    expect(text).not.toContain("example.co.uk");
    // The acknowledgement and the staff e-mail wait (no SMTP server): the oldest is seconds old.
    expect(text).toMatch(/^site_outbox_oldest_age_seconds [0-9]$/m);
  });

  it("reports when the last backup and the last purge finished, from the database, and when the process started", async () => {
    const url = await start();
    const before = await (await fetch(`${url}/metrics`)).text();
    // Never: 0, which the alerts read as long ago.
    expect(before).toMatch(/^site_backup_last_success_timestamp_seconds 0$/m);
    expect(before).toMatch(/^site_purge_last_run_timestamp_seconds 0$/m);
    const started = Number(/^process_start_time_seconds (\d+)$/m.exec(before)?.[1]);
    expect(Math.abs(started - (Date.now() / 1000 - process.uptime()))).toBeLessThan(5);

    const services = harness?.services;
    if (!services) throw new Error("no harness");
    const backupAt = Date.UTC(2027, 2, 1, 2, 31, 5);
    await recordJobRun(services.db, "backup", backupAt);
    // An older time recorded later (a slow process) never takes the newer one's place.
    await recordJobRun(services.db, "backup", backupAt - 86_400_000);
    const purged = Date.now();
    expect((await (await services.startPurging()).runOnce())?.ran).toBe(true);
    const after = await (await fetch(`${url}/metrics`)).text();
    expect(after).toMatch(new RegExp(`^site_backup_last_success_timestamp_seconds ${backupAt / 1000}$`, "m"));
    const purgeAt = Number(/^site_purge_last_run_timestamp_seconds (\d+)$/m.exec(after)?.[1]);
    expect(purgeAt).toBeGreaterThanOrEqual(Math.floor(purged / 1000));
    expect(purgeAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it("counts a purge run and the rows it deleted", async () => {
    await start();
    const report = await harness?.services.startPurging().then((purging) => purging.runOnce());
    expect(report?.ran).toBe(true);
    const text = await harness?.services.metrics.registry.metrics();
    expect(text).toMatch(/^site_purge_runs_total [1-9]$/m);
    expect(text).toMatch(/^site_purge_deleted_total\{what="leads"\} 0$/m);
  });
});

describe("the mail counters", () => {
  it("count the e-mails sent and the bounces applied by kind, from 0, with nothing personal in them", async () => {
    const metrics = createMetrics({ db: {} as Database });
    const before = await metrics.registry.metrics();
    // There from the start, at 0: HardBounceRateHigh's increase() needs no first e-mail or bounce.
    expect(before).toMatch(/^site_mail_sent_total 0$/m);
    for (const kind of ["hard", "soft", "complaint"])
      expect(before).toMatch(new RegExp(`^site_mail_bounces_total\\{kind="${kind}"\\} 0$`, "m"));

    for (let i = 0; i < 3; i++) metrics.emailSent();
    metrics.bounceApplied("hard");
    metrics.bounceApplied("hard");
    metrics.bounceApplied("complaint");
    const after = await metrics.registry.metrics();
    expect(after).toMatch(/^site_mail_sent_total 3$/m);
    expect(after).toMatch(/^site_mail_bounces_total\{kind="hard"\} 2$/m);
    expect(after).toMatch(/^site_mail_bounces_total\{kind="soft"\} 0$/m);
    expect(after).toMatch(/^site_mail_bounces_total\{kind="complaint"\} 1$/m);

    // They take no address, reference or words (server/bounces/bounces.test.ts checks a real bounce's
    // /metrics): the only label is the bounce's kind, one of three fixed names.
    const bounces = await metrics.registry.getSingleMetric("site_mail_bounces_total")?.get();
    const sent = await metrics.registry.getSingleMetric("site_mail_sent_total")?.get();
    expect(sent?.values.map((value) => value.labels)).toEqual([{}]);
    expect(bounces?.values.map((value) => value.labels)).toEqual([
      { kind: "hard" },
      { kind: "soft" },
      { kind: "complaint" },
    ]);
  });
});
