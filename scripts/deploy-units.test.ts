// The systemd units in deploy/ pass `systemd-analyze verify`, as installed with the code at this
// checkout (the units name /srv/site, where the README installs it); deploy/site.env reads the
// same to systemd as to the shell the README loads it into; and deploy/Caddyfile lets through the
// largest body the server reads.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { site } from "../core/config/site.ts";
import { largestBodyBytes } from "../server/app.ts";

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
  // As the README's commands load it: set -a; . site.env
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
  expect(caddyfile).toContain(`two ${site.limits.maxUploadMb} MB files`);
});
