// The systemd units in deploy/ pass `systemd-analyze verify`, as installed with the code at this
// checkout (the units name /srv/site, where docs/running-it.md installs it), and `systemd-analyze security`
// rates them "OK" or better with every sandboxing setting a Node server can bear; the backup unit is
// given only the backup's own environment; deploy/site.env reads the same to systemd as to the shell
// docs/running-it.md loads it into; and deploy/Caddyfile lets through the largest body the server reads.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { site } from "#core/config/site.ts";
import { maxPictureBytes } from "#core/pictures/model.ts";
import { clientTimeouts, largestBodyBytes } from "../server/app.ts";
import { freePort } from "../tests/support/caddy.ts";

const analyze = spawnSync("sh", ["-c", "command -v systemd-analyze"], { encoding: "utf8" }).stdout.trim();

it.skipIf(!analyze)(
  analyze
    ? "the unit files pass systemd-analyze verify"
    : "the unit files pass systemd-analyze verify (skipped: systemd is not installed on this machine)",
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-units-"));
    try {
      const root = process.cwd();
      for (const [from, to] of [
        ["site@.service", "site@3001.service"],
        ["site-backup.service", "site-backup.service"],
        ["site-backup.timer", "site-backup.timer"],
      ] as const) {
        const text = readFileSync(path.join(root, "deploy", from), "utf8").replaceAll("/srv/site", root);
        writeFileSync(path.join(dir, to), text);
      }
      const units = ["site@3001.service", "site-backup.service", "site-backup.timer"].map((u) =>
        path.join(dir, u),
      );
      const result = spawnSync(analyze, ["verify", ...units], { encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      // And a broken one is caught, so the check above means something.
      writeFileSync(path.join(dir, "broken.service"), "[Service]\nExecStart=relative/path\nNoSuchKey=1\n");
      const broken = spawnSync(analyze, ["verify", path.join(dir, "broken.service")], { encoding: "utf8" });
      expect(broken.stderr).not.toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

/** The units as installed with the code at this checkout, in a folder of their own; `done` removes it. */
function installedUnits() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-units-"));
  const root = process.cwd();
  for (const [from, to] of [
    ["site@.service", "site@3001.service"],
    ["site-backup.service", "site-backup.service"],
  ] as const) {
    writeFileSync(
      path.join(dir, to),
      readFileSync(path.join(root, "deploy", from), "utf8").replaceAll("/srv/site", root),
    );
  }
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

it.skipIf(!analyze)(
  analyze
    ? "systemd-analyze security rates both services OK or better, with the system-call filter and /proc hidden"
    : "systemd-analyze security rates both services OK or better (skipped: systemd is not installed on this machine)",
  () => {
    const { dir, done } = installedUnits();
    try {
      for (const unit of ["site@3001.service", "site-backup.service"]) {
        const result = spawnSync(analyze, ["security", "--offline=yes", "--no-pager", path.join(dir, unit)], {
          encoding: "utf8",
        });
        // Printed, so whoever runs the tests sees what is still exposed and why.
        process.stdout.write(result.stdout);
        expect(result.stderr).toBe("");
        const level = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(result.stdout);
        expect(level?.[2], unit).toMatch(/^(OK|SAFE|PERFECT)$/);
        // Each of these is met (a tick, not a cross); MemoryDenyWriteExecute cannot be, V8 compiles
        // into memory it then runs.
        for (const setting of [
          "SystemCallFilter=~@privileged",
          "SystemCallFilter=~@resources",
          "SystemCallFilter=~@mount",
          "SystemCallFilter=~@debug",
          "SystemCallArchitectures=",
          "ProtectProc=",
          "ProcSubset=",
          "RemoveIPC=",
          "PrivateMounts=",
        ]) {
          const line = result.stdout.split("\n").find((text) => text.slice(2).startsWith(`${setting} `));
          expect(line, `${unit}: ${setting}`).toMatch(/^✓ /);
        }
        expect(result.stdout).toMatch(/^✗ MemoryDenyWriteExecute= /m);
      }
    } finally {
      done();
    }
  },
);

it("the backup unit loads backup.env, which holds only the database, the backups' public key and their seal key", () => {
  const deploy = path.join(process.cwd(), "deploy");
  const unit = readFileSync(path.join(deploy, "site-backup.service"), "utf8");
  expect([...unit.matchAll(/^EnvironmentFile=(.*)$/gm)].map((match) => match[1])).toEqual([
    "/etc/site/backup.env",
  ]);
  expect(unit).not.toMatch(/^PassEnvironment=/m);
  const names = readFileSync(path.join(deploy, "backup.env"), "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.slice(0, line.indexOf("=")));
  // No SMTP_URL (the mail password), NI_ENCRYPTION_KEY, IP_HASH_SALT, METRICS_TOKEN or WEBHOOK_SECRET,
  // and not the link secret: the backups are sealed with a key of their own, so it can change freely.
  expect(names.sort()).toEqual([
    "BACKUP_RECIPIENT",
    "BACKUP_SEAL_KEY",
    "BACKUP_SEAL_KEY_PREVIOUS",
    "DATABASE_URL",
  ]);
  expect(names).not.toContain("FORM_RESULT_SECRET");
  expect(unit).not.toContain("FORM_RESULT_SECRET");
  // The same database as the site's.
  const address = (file: string) =>
    /^DATABASE_URL=(.*)$/m.exec(readFileSync(path.join(deploy, file), "utf8"))?.[1];
  expect(address("backup.env")).toBe(address("site.env"));
});

it("every value in site.env reads the same to systemd's EnvironmentFile and to a shell that loads it", () => {
  const file = path.join(process.cwd(), "deploy", "site.env");
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line));
  expect(lines.length).toBeGreaterThan(10);
  // As systemd reads it: NAME=value, a double-quoted value without its quotes.
  const systemd = new Map(
    lines.map((line) => {
      const at = line.indexOf("=");
      return [line.slice(0, at), line.slice(at + 1).replace(/^"(.*)"$/, "$1")];
    }),
  );
  // Quoted wherever a shell would split or act on the value, and nothing inside the quotes that systemd
  // and a shell read differently ($, `, \ or another ").
  for (const line of lines) {
    const raw = line.slice(line.indexOf("=") + 1);
    if (/[\s<>&;|()$`'"\\*?[\]]/.test(raw)) expect(raw, line).toMatch(/^"[^"$`\\]*"$/);
  }
  // As the commands in docs/running-it.md load it: set -a; . site.env
  const shell = spawnSync("sh", ["-c", 'set -a; . "$0"; set +a; exec env', file], {
    encoding: "utf8",
    env: { PATH: process.env.PATH },
  });
  expect(shell.stderr).toBe("");
  expect(shell.status).toBe(0);
  const loaded = new Map(
    shell.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  for (const [name, value] of systemd) expect(loaded.get(name), name).toBe(value);
});

it("the Caddyfile's body limit is the largest body the server reads, and its comment says what that is", () => {
  const caddyfile = readFileSync(path.join(process.cwd(), "deploy", "Caddyfile"), "utf8");
  // Smaller, and Caddy would refuse an application the server takes; larger, and an oversized body
  // would travel on to a server process before it is refused.
  const sizes = [...caddyfile.matchAll(/^\s*max_size\s+(\d+)\s*$/gm)].map((match) => Number(match[1]));
  expect(sizes).toEqual([largestBodyBytes]);
  expect(caddyfile).toContain(`a photo of up to ${maxPictureBytes / 1024 / 1024} MB`);
});

const caddy = spawnSync("sh", ["-c", "command -v caddy"], { encoding: "utf8" }).stdout.trim();

it.skipIf(!caddy)(
  caddy
    ? "the Caddyfile's timeouts stop stalled headers as the server does, and leave a slow body to the server"
    : "the Caddyfile's timeouts (skipped: Caddy is not installed on this machine)",
  () => {
    const adapted = spawnSync(
      caddy,
      ["adapt", "--config", path.join(process.cwd(), "deploy", "Caddyfile"), "--adapter", "caddyfile"],
      { encoding: "utf8" },
    );
    expect(adapted.status, adapted.stderr).toBe(0);
    const servers = Object.values(
      (JSON.parse(adapted.stdout) as { apps: { http: { servers: Record<string, Record<string, number>> } } })
        .apps.http.servers,
    );
    const seconds = (nanoseconds: number | undefined) => (nanoseconds ?? Number.POSITIVE_INFINITY) / 1e9;
    // A CV at the form's limit over a 2 Mbit/s uplink.
    const slowCv = (site.limits.maxUploadMb * 1024 * 1024 * 8) / 2_000_000;
    expect(slowCv).toBeLessThan(clientTimeouts.requestTimeout / 1000);
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(seconds(server.read_header_timeout)).toBeLessThanOrEqual(clientTimeouts.headersTimeout / 1000);
      // The server, which answers with a reason, stops a slow body first.
      expect(seconds(server.read_timeout)).toBeGreaterThan(clientTimeouts.requestTimeout / 1000);
      expect(seconds(server.read_timeout)).toBeLessThanOrEqual(120);
      // Go counts the write deadline from the request's headers, so it includes reading the body.
      expect(seconds(server.write_timeout)).toBeGreaterThan(seconds(server.read_timeout));
      expect(Number.isFinite(seconds(server.write_timeout))).toBe(true);
      expect(Number.isFinite(seconds(server.idle_timeout))).toBe(true);
    }
  },
);

it.skipIf(!caddy)(
  caddy
    ? "Caddy's own log of a failed request holds no invitation token, query string or Referer"
    : "Caddy's own log of a failed request (skipped: Caddy is not installed on this machine)",
  async () => {
    const shipped = readFileSync(path.join(process.cwd(), "deploy", "Caddyfile"), "utf8");
    const defaultLog = /^\tlog default \{\n[\s\S]*?^\t\}\n/m.exec(shipped)?.[0];
    expect(defaultLog).toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), "site-caddy-log-"));
    const [port, closed] = [await freePort(), await freePort()];
    // The shipped log settings in front of a process that is not up: Caddy answers 502 and logs the error.
    writeFileSync(
      path.join(dir, "Caddyfile"),
      `{\n\tadmin off\n\thttp_port ${port}\n${defaultLog}}\n\nhttp://127.0.0.1:${port} {\n\treverse_proxy 127.0.0.1:${closed}\n}\n`,
    );
    const child = spawn(caddy, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    child.stderr.on("data", (chunk: Buffer) => {
      log += chunk.toString();
    });
    const token = "Qm9vdHN0cmFwVG9rZW5Ob3RGb3JMb2dzXzAxMjM0NTY3";
    try {
      let status = 0;
      for (let tries = 0; status === 0 && tries < 100; tries++) {
        status = await fetch(`http://127.0.0.1:${port}/staff/invitation/${token}?email=jo%40example.co.uk`, {
          headers: { Referer: `http://127.0.0.1:${port}/staff/people?email=jo%40example.co.uk` },
        }).then(
          (response) => response.status,
          () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 100)),
        );
      }
      expect(status).toBe(502);
      await vi.waitFor(() => expect(log).toContain('"uri":"/staff/invitation"'));
    } finally {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
    expect(log).toContain("http.log.error");
    expect(log).not.toContain(token);
    expect(log).not.toContain("example.co.uk");
    expect(log).not.toContain("Referer");
  },
);
