// The systemd units in deploy/ pass `systemd-analyze verify`, as installed with the code at this
// checkout (the units name /srv/site, where the README installs it).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

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
