// The link check itself (npm run lint:links): the very command package.json runs, on a small manual laid
// out like the repository's (a README.md and a docs/ folder). It must fail on a link to a file that is not
// there and on an anchor that leads nowhere, naming each, and pass a manual whose links all lead somewhere.
// It reads only the files: no Git remote, no network.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, "..");
const command = (
  JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts["lint:links"];

const folders: string[] = [];

/** Runs the link check on a manual made of these files; resolves to its exit code and what it printed. */
async function check(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "links-"));
  folders.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  // The plugin is found from the folder checked, as it is from the repository's root.
  symlinkSync(path.join(repository, "node_modules"), path.join(dir, "node_modules"), "dir");
  const env = {
    ...process.env,
    PATH: `${path.join(repository, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
  };
  try {
    const { stdout, stderr } = await run("bash", ["-c", command ?? "false"], { cwd: dir, env });
    return { code: 0, output: stripVTControlCharacters(stdout + stderr) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: failed.code ?? 1,
      output: stripVTControlCharacters(`${failed.stdout ?? ""}${failed.stderr ?? ""}`),
    };
  }
}

const readme = "# The site\n\nStart with [the guide](docs/guide.md#steps).\n";

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the link check (npm run lint:links)", () => {
  it("is part of npm run check", () => {
    expect(command).toContain("remark-validate-links");
    const scripts = (
      JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts["check:source"]).toContain("npm run lint:links");
  });

  it("fails on a link to a missing file and on an anchor that leads nowhere, naming both", async () => {
    const { code, output } = await check({
      "README.md": readme,
      "docs/guide.md":
        "# The guide\n\n## Steps\n\nSee [the keys](keys.md) and [backups](../README.md#backups).\n",
    });
    expect(code).not.toBe(0);
    expect(output).toContain("docs/guide.md");
    expect(output).toMatch(/Cannot find file `keys\.md`/);
    expect(output).toMatch(/Cannot find heading for `#backups` in `\.\.\/README\.md`/);
    expect(output).not.toContain("Cannot find module");
  });

  it("fails on an anchor missing from the same file", async () => {
    const { code, output } = await check({
      "README.md": `${readme}\nJump to [the end](#the-end).\n`,
      "docs/guide.md": "# The guide\n\n## Steps\n",
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/Cannot find heading for `#the-end`/);
  });

  it("passes a manual whose links all lead somewhere, and leaves web addresses alone", async () => {
    const { code, output } = await check({
      "README.md": readme,
      "docs/guide.md":
        "# The guide\n\n## Steps\n\nBack to [the start](../README.md#the-site), [these steps](#steps), " +
        "and [an address elsewhere](https://www.example.co.uk/no-such-page).\n",
    });
    expect(output).toBe("");
    expect(code).toBe(0);
  });
});
