// The monitoring as it will run, on loopback: Debian's Prometheus and blackbox exporter with the files
// of deploy/monitoring/, against a real production site process (server/main.ts, the production build)
// scraped as on an app machine, through Debian's Caddy with deploy/monitoring/app-metrics.caddy and the
// metrics token. Only what must differ on one machine is changed: the addresses and ports, the targets
// (this process, its pages), and the times, seconds where production has minutes (every `for:` of
// alerts.yml becomes 5 s, and Prometheus scrapes and evaluates every second). The machine's
// certificate for Patroni and etcd is made by deploy/make-certificates.sh, as on the monitoring machine.
//
// On a healthy, idle site (a backup made, the purge run, nothing waiting) no alert is pending or firing.
// Stopping the process takes SiteDown from pending to firing; starting it again resolves it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { caddyBinary, freePort, waitFor } from "../support/caddy";
import { type ServerProcess, startServerProcess } from "../support/harness";

test.describe.configure({ mode: "serial" });

const root = process.cwd();
const shipped = (name: string) => readFileSync(path.join(root, "deploy/monitoring", name), "utf8");

/** Replaces `from` in `text`, or throws: the shipped file no longer reads as this test expects. */
function swap(text: string, from: string | RegExp, to: string, file: string): string {
  const swapped = text.replace(from, to);
  if (swapped === text) throw new Error(`deploy/monitoring/${file} no longer has ${String(from)}`);
  return swapped;
}

type Alert = { labels: Record<string, string>; annotations: Record<string, string>; state: string };

let work = "";
const children: ChildProcess[] = [];
let site: ServerProcess | null = null;
let sitePort = 0;
let prometheusUrl = "";
let siteEnv: Record<string, string> = {};

/** Starts a program with its output in a log file of the working folder, to show when a test fails. */
function run(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const log = openSync(path.join(work, `${name}.log`), "a");
  const child = spawn(command, args, {
    cwd: work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, ...env },
    stdio: ["ignore", log, log],
  });
  children.push(child);
  return child;
}

/** A program's log so far, for a failure's message. */
const logOf = (name: string) => {
  try {
    return readFileSync(path.join(work, `${name}.log`), "utf8").slice(-3000);
  } catch {
    return "";
  }
};

async function query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  return ((await response.json()) as { data: { result: [] } }).data.result;
}

async function alerts(): Promise<Alert[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/alerts`);
  return ((await response.json()) as { data: { alerts: Alert[] } }).data.alerts;
}

/** The home page's SiteDown alert, as Prometheus has it now (pending or firing), or undefined. */
async function siteDown(): Promise<Alert | undefined> {
  return (await alerts()).find(
    (alert) =>
      alert.labels.alertname === "SiteDown" && alert.labels.instance === `http://127.0.0.1:${sitePort}/`,
  );
}

async function startSite() {
  site = await startServerProcess(siteEnv, 60_000, { pages: true });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const program of ["prometheus", "prometheus-blackbox-exporter"])
    try {
      execFileSync("sh", ["-c", `command -v ${program}`]);
    } catch {
      throw new Error(
        `${program} is not installed: run bash scripts/ensure-monitoring.sh (as root, it installs it).`,
      );
    }
  work = mkdtempSync(path.join(tmpdir(), "site-monitoring-"));
  const [caddyPort, blackboxPort, prometheusPort, alertmanagerPort] = await Promise.all(
    [0, 1, 2, 3].map(() => freePort()),
  );
  sitePort = await freePort();
  const token = randomBytes(24).toString("hex");

  // The site: a production process on SQLite, with the token every process shares.
  const dataDir = path.join(work, "data");
  mkdirSync(dataDir);
  siteEnv = {
    PORT: String(sitePort),
    DATABASE_URL: path.join(dataDir, "site.sqlite"),
    DATA_DIR: dataDir,
    METRICS_TOKEN: token,
    SHUTDOWN_GRACE_SECONDS: "0",
  };
  await startSite();
  // The night's backup, as site-backup.service makes it: it records when it finished.
  execFileSync(
    process.execPath,
    ["scripts/data.ts", "backup", path.join(work, "site.backup"), "--plaintext"],
    {
      cwd: root,
      env: { ...process.env, ...siteEnv },
    },
  );

  // Caddy as on an app machine: the process's /metrics on its own path, for the monitoring machine only.
  let caddyfile = shipped("app-metrics.caddy");
  caddyfile = swap(caddyfile, /10\.0\.0\.21:9180/g, `127.0.0.1:${caddyPort}`, "app-metrics.caddy");
  caddyfile = swap(caddyfile, "bind 10.0.0.21", "bind 127.0.0.1", "app-metrics.caddy");
  caddyfile = swap(caddyfile, /remote_ip 10\.0\.0\.31/g, "remote_ip 127.0.0.1", "app-metrics.caddy");
  caddyfile = swap(caddyfile, "path /3001/metrics", `path /${sitePort}/metrics`, "app-metrics.caddy");
  caddyfile = swap(caddyfile, "127.0.0.1:3001", `127.0.0.1:${sitePort}`, "app-metrics.caddy");
  writeFileSync(
    path.join(work, "Caddyfile"),
    `{\n\tadmin off\n\tstorage file_system ${path.join(work, "caddy")}\n}\n\n${caddyfile}`,
  );
  run("caddy", caddyBinary, ["run", "--config", path.join(work, "Caddyfile"), "--adapter", "caddyfile"], {
    XDG_DATA_HOME: work,
    XDG_CONFIG_HOME: work,
  });

  // The blackbox exporter with the shipped modules.
  run("blackbox", "prometheus-blackbox-exporter", [
    `--config.file=${path.join(root, "deploy/monitoring/blackbox.yml")}`,
    `--web.listen-address=127.0.0.1:${blackboxPort}`,
  ]);

  // Prometheus with the shipped folder, as installed in /etc/prometheus: its own targets, the token,
  // and this machine's certificate for Patroni and etcd (none of which runs here).
  const etc = path.join(work, "prometheus");
  cpSync(path.join(root, "deploy/monitoring"), etc, { recursive: true });
  writeFileSync(path.join(etc, "site-metrics-token"), `${token}\n`);
  const tls = path.join(etc, "tls");
  mkdirSync(tls);
  for (const args of [["ca"], ["client", "monitor"]])
    execFileSync("sh", [path.join(root, "deploy/make-certificates.sh"), tls, ...args], { cwd: work });
  writeFileSync(
    path.join(etc, "targets/site.yml"),
    `- targets: ["127.0.0.1:${caddyPort}"]\n  labels: { machine: app1, process: "${sitePort}", __metrics_path__: /${sitePort}/metrics }\n`,
  );
  writeFileSync(
    path.join(etc, "targets/pages.yml"),
    `- targets: ["http://127.0.0.1:${sitePort}/"]\n  labels: { module: http_page }\n- targets: ["http://127.0.0.1:${sitePort}/contact"]\n  labels: { module: http_form_page }\n`,
  );
  for (const file of ["dns.yml", "machines.yml", "postgres.yml", "patroni.yml", "etcd.yml"])
    writeFileSync(path.join(etc, "targets", file), "[]\n");
  let config = shipped("prometheus.yml");
  config = swap(config, "scrape_interval: 15s", "scrape_interval: 1s", "prometheus.yml");
  config = swap(config, "evaluation_interval: 15s", "evaluation_interval: 1s", "prometheus.yml");
  config = swap(config, /127\.0\.0\.1:9115/g, `127.0.0.1:${blackboxPort}`, "prometheus.yml");
  config = swap(config, "127.0.0.1:9093", `127.0.0.1:${alertmanagerPort}`, "prometheus.yml");
  writeFileSync(path.join(etc, "prometheus.yml"), config);
  writeFileSync(
    path.join(etc, "alerts.yml"),
    swap(shipped("alerts.yml"), /(?<=^ {8}for: )\d+m$/gm, "5s", "alerts.yml"),
  );
  prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  run("prometheus", "prometheus", [
    `--config.file=${path.join(etc, "prometheus.yml")}`,
    `--storage.tsdb.path=${path.join(work, "tsdb")}`,
    `--web.listen-address=127.0.0.1:${prometheusPort}`,
  ]);

  try {
    // Every page probed, and the process scraped through Caddy with the token.
    await waitFor(
      async () =>
        (await query('probe_success{job="pages"} == 1')).length === 2 &&
        (await query('up{job="site"} == 1')).length === 1 &&
        (await query("site_backup_last_success_timestamp_seconds > 0")).length === 1,
      30_000,
      "Prometheus probing both pages and scraping the site",
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n--- prometheus\n${logOf("prometheus")}\n--- caddy\n${logOf("caddy")}`,
    );
  }
});

test.afterAll(async () => {
  await site?.stop();
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once("exit", resolve))
        : null,
    ),
  );
  if (work) rmSync(work, { recursive: true, force: true });
});

test("a healthy, idle site raises nothing: no alert is pending or firing", async () => {
  // Long enough for any rule to have been evaluated several times over what was scraped.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  // Every rule of alerts.yml is loaded and evaluated, and none has anything to say.
  const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules?type=alert`)).json()) as {
    data: { groups: { rules: { name: string; health: string }[] }[] };
  };
  const loaded = rules.data.groups.flatMap((group) => group.rules);
  expect(loaded.map((rule) => rule.name).sort()).toEqual(
    [...shipped("alerts.yml").matchAll(/- alert: (\w+)/g)].map((match) => match[1]).sort(),
  );
  expect(loaded.every((rule) => rule.health === "ok")).toBe(true);
  expect(await alerts()).toEqual([]);
});

test("the site down: SiteDown goes from pending to firing, and resolves when the site is back", async () => {
  test.setTimeout(90_000);
  const stoppedAt = Date.now();
  await site?.stop();
  site = null;

  await expect
    .poll(async () => (await siteDown())?.state, { timeout: 15_000, intervals: [250] })
    .toBe("pending");
  await expect
    .poll(async () => (await siteDown())?.state, { timeout: 20_000, intervals: [250] })
    .toBe("firing");
  // Not before its `for:` has passed since the process stopped.
  expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(5_000);
  const firing = await siteDown();
  expect(firing?.labels).toMatchObject({ severity: "critical", job: "pages", module: "http_page" });
  expect(firing?.annotations.runbook_url).toBe(
    "https://git.example.co.uk/site/blob/main/docs/monitoring.md#the-site-is-down",
  );

  await startSite();
  await expect
    .poll(async () => (await siteDown())?.state ?? "resolved", { timeout: 20_000, intervals: [250] })
    .toBe("resolved");
  // Both pages answer again: the home page's probe resolved the alert, the form page's follows within a
  // probe's interval.
  await expect
    .poll(async () => (await query('probe_success{job="pages"} == 1')).length, {
      timeout: 10_000,
      intervals: [250],
    })
    .toBe(2);
});
