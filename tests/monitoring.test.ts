// deploy/monitoring/, checked by the tools that will run it: promtool checks Prometheus's configuration
// and rules and runs the alerts' own tests (alerts.test.yml), amtool checks Alertmanager's configuration,
// the blackbox exporter checks its modules. Then what no tool checks: every alert has a runbook that is
// a heading of docs/monitoring.md, a test that fires it and one that keeps it quiet; every metric of the
// site an alert reads is one the site exposes; and the site's own limits are the Health page's.
// The tools come from Debian (scripts/ensure-monitoring.sh installs them): a missing one fails here,
// saying so, rather than skipping.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { healthLimits } from "#core/staff/health.ts";
import type { Database } from "../server/db/database.ts";
import { createMetrics } from "../server/metrics.ts";

const folder = path.resolve(import.meta.dirname, "../deploy/monitoring");
const read = (name: string) => readFileSync(path.join(folder, name), "utf8");

/** Runs one of the monitoring tools, failing with what to install when it is not there. */
function tool(name: string, args: string[], cwd = folder) {
  const run = spawnSync(name, args, { cwd, encoding: "utf8" });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT")
    throw new Error(
      `${name} is not installed: run bash scripts/ensure-monitoring.sh (as root, it installs it).`,
    );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

// Prometheus's configuration names files that exist only on the monitoring machine (the metrics token,
// the client certificate): a copy of the folder with empty stand-ins lets promtool check the rest.
const installed = mkdtempSync(path.join(tmpdir(), "site-monitoring-"));
afterAll(() => rmSync(installed, { recursive: true, force: true }));
cpSync(folder, installed, { recursive: true });
writeFileSync(path.join(installed, "site-metrics-token"), "a-token-for-the-check\n");
mkdirSync(path.join(installed, "tls"));
for (const file of ["ca.crt", "monitor.crt", "monitor.key"])
  writeFileSync(path.join(installed, "tls", file), "");

/** Each alert of alerts.yml: its name, its expression and its runbook's anchor. */
function alerts(): { name: string; expr: string; anchor: string | undefined }[] {
  return read("alerts.yml")
    .split(/^ {6}- alert: /m)
    .slice(1)
    .map((block) => ({
      name: block.split("\n", 1)[0]?.trim() ?? "",
      expr: /^ {8}expr: (>-\n(?: {10}.*\n)+|.*\n)/m.exec(block)?.[1]?.replace(/\s+/g, " ") ?? "",
      anchor: /^ {10}runbook_url: "\{\{ \$externalLabels\.runbooks \}\}#([a-z0-9-]+)"$/m.exec(block)?.[1],
    }));
}

/** What each alert's tests expect of it: firing (some alerts expected) or quiet (none), at any time. */
function testedOutcomes(): Map<string, Set<"fires" | "quiet">> {
  const outcomes = new Map<string, Set<"fires" | "quiet">>();
  for (const item of read("alerts.test.yml")
    .split(/^ {6}- (?=\{ eval_time|eval_time)/m)
    .slice(1)) {
    const name = /alertname: (\w+)/.exec(item)?.[1];
    if (!name) continue;
    const seen = outcomes.get(name) ?? new Set();
    seen.add(/exp_alerts: \[\]/.test(item) ? "quiet" : "fires");
    outcomes.set(name, seen);
  }
  return outcomes;
}

/** The headings of docs/monitoring.md, as the link checker makes their anchors. */
function runbookAnchors(): Set<string> {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../docs/monitoring.md"), "utf8");
  return new Set(
    [...doc.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) =>
      (heading ?? "")
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, "")
        .replace(/ /g, "-"),
    ),
  );
}

describe("deploy/monitoring/", () => {
  it("prometheus.yml is a valid configuration, and loads alerts.yml", () => {
    const check = tool("promtool", ["check", "config", "prometheus.yml"], installed);
    expect(check.out).toContain("SUCCESS: prometheus.yml is valid prometheus config file syntax");
    expect(check.out).toMatch(/SUCCESS: \d+ rules found/);
    expect(check.status).toBe(0);
  });

  it("alerts.yml's rules are valid, and pass their own tests", () => {
    const rules = tool("promtool", ["check", "rules", "alerts.yml"]);
    expect(rules.out).toContain(`SUCCESS: ${alerts().length} rules found`);
    expect(rules.status).toBe(0);
    const tests = tool("promtool", ["test", "rules", "alerts.test.yml"]);
    expect(tests.out).toContain("SUCCESS");
    expect(tests.status).toBe(0);
    // promtool plays every rule test's series: about 10 s of a core alone, three times that on a busy machine.
  }, 120_000);

  it("a broken rule test fails, so the one above means something", () => {
    // SiteDown's test alone, expecting quiet where the alert fires.
    const text = read("alerts.test.yml");
    const head = text.slice(0, text.indexOf("\ntests:\n") + "\ntests:\n".length);
    const siteDown = text.split("\n\n").find((group) => group.includes("- name: SiteDown fires"));
    const broken = `${head}${siteDown?.replace(
      "- { eval_time: 3m, alertname: SiteDown, exp_alerts: [] }",
      "- { eval_time: 5m, alertname: SiteDown, exp_alerts: [] }",
    )}\n`;
    expect(broken).toContain("eval_time: 5m, alertname: SiteDown");
    writeFileSync(path.join(installed, "broken.test.yml"), broken);
    const run = tool("promtool", ["test", "rules", "broken.test.yml"], installed);
    expect(run.out).toContain("alertname: SiteDown, time: 5m");
    expect(run.status).not.toBe(0);
  });

  it("alertmanager.yml is valid, and so is its Slack receiver once uncommented", () => {
    const check = tool("amtool", ["check-config", "alertmanager.yml"]);
    expect(check.out).toContain("SUCCESS");
    expect(check.status).toBe(0);
    const slack = read("alertmanager.yml").replace(/^ {4}# (slack_configs:| {2}.*)$/gm, "    $1");
    expect(slack).toContain("\n    slack_configs:\n      - api_url_file:");
    writeFileSync(path.join(installed, "alertmanager-slack.yml"), slack);
    const withSlack = tool("amtool", ["check-config", "alertmanager-slack.yml"], installed);
    expect(withSlack.out).toContain("SUCCESS");
    expect(withSlack.status).toBe(0);
  });

  it("blackbox.yml's modules are valid", () => {
    const check = tool("prometheus-blackbox-exporter", ["--config.check", "--config.file=blackbox.yml"]);
    expect(check.out).toContain("Config file is ok");
    expect(check.status).toBe(0);
  });

  it("every alert links to its runbook in docs/monitoring.md, and has a test that fires it and one that keeps it quiet", () => {
    const anchors = runbookAnchors();
    const outcomes = testedOutcomes();
    expect(alerts().length).toBeGreaterThanOrEqual(15);
    for (const alert of alerts()) {
      expect(alert.anchor, `${alert.name} has no runbook_url`).toBeDefined();
      expect(anchors.has(alert.anchor ?? ""), `${alert.name}'s runbook #${alert.anchor}`).toBe(true);
      expect(outcomes.get(alert.name), `${alert.name}'s tests`).toEqual(new Set(["fires", "quiet"]));
    }
    // The healthy, idle site is tested against every alert.
    const idle = read("alerts.test.yml").split("\n  - name: ")[1] ?? "";
    for (const alert of alerts()) expect(idle).toContain(`alertname: ${alert.name}, exp_alerts: [] }`);
  });

  it("reads only metrics the site exposes, under the names the monitoring relies on", () => {
    const metrics = createMetrics({ db: {} as Database });
    const names = new Set(
      [...read("alerts.yml").matchAll(/\b(site_[a-z_]+|process_start_time_seconds)\b/g)].map(
        ([name]) => name,
      ),
    );
    for (const name of [
      "site_outbox_oldest_age_seconds",
      "site_backup_last_success_timestamp_seconds",
      "site_purge_last_run_timestamp_seconds",
      "site_form_responses_total",
    ])
      expect(names).toContain(name);
    for (const name of names)
      expect(metrics.registry.getSingleMetric(name), `${name} in /metrics`).toBeDefined();
  });

  it("alerts on the site at the limits the Health page uses", () => {
    const expr = (name: string) => alerts().find((alert) => alert.name === name)?.expr ?? "";
    expect(expr("BackupMissing")).toContain(`> ${healthLimits.backupHours} * 3600`);
    expect(expr("PurgeStopped")).toContain(`> ${healthLimits.purgeHours} * 3600`);
    expect(expr("MailNotLeaving")).toContain(`> ${healthLimits.mailWaitMinutes} * 60`);
    expect(expr("DiskFilling")).toContain(`> ${healthLimits.diskPercent / 100}`);
    expect(expr("MessagesGivenUp")).toContain("max(last_over_time(site_deliveries_failed[10m])) > 0");
    expect(expr("FormServerErrors")).toContain('site_form_responses_total{status=~"5.."}');
  });

  it("scrapes each site process through the app machine's Caddy, with the token, at the path Caddy gives it", () => {
    const caddy = read("app-metrics.caddy");
    for (const entry of read("targets/site.yml").matchAll(
      /process: "(\d+)", __metrics_path__: \/(\d+)\/metrics/g,
    )) {
      expect(entry[1]).toBe(entry[2]);
      expect(caddy).toContain(`path /${entry[1]}/metrics`);
      expect(caddy).toContain(`reverse_proxy 127.0.0.1:${entry[1]}`);
    }
    expect(read("prometheus.yml")).toMatch(
      /job_name: site\n\s+authorization:\n\s+credentials_file: site-metrics-token/,
    );
  });
});
