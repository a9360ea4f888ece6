// The whole test run, `npm test`: what a newcomer and CI run. Installs what the tests use from Debian when
// it is missing, then runs each part as soon as what it needs is ready and the machine has room for it:
//
//   the installers ──┬── check (npm run check:source) ──────┐
//                    ├── build ── types (npm run typecheck) ─┼── unit (Vitest) ── e2e (Playwright)
//                    └── failover (the Patroni cluster) ─────┘
//
// The checks, the build and the failover test share the two cores well: the failover test mostly waits
// on its cluster. No part reads what another writes at the same time. The build rewrites the route
// types (.react-router/, through the typegen of its own development compiler), so the type check runs
// after it: tsc once read them half written ("Cannot find module './+types/root'"). The failover test
// keeps Vitest's cache apart from the unit run's (vitest.failover.config.ts). The unit and browser
// suites each keep both cores busy on their own and have tests that start processes against a clock, so
// each runs alone. Each line a part prints carries its name. At the
// end: each part's time and the whole run's.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";

type Part = { name: string; command: string; after?: string[] };

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
  .scripts;

/** The installers of what the tests use from Debian: apt-get takes one at a time. */
const installers = ["chromium", "java", "caddy", "clamav", "dovecot", "patroni", "monitoring"]
  .map((name) => `scripts/ensure-${name}.sh`)
  .filter((script) => existsSync(script));

const failover = scripts["test:failover"] ? ["failover"] : [];
const parts: Part[] = [
  { name: "install", command: installers.map((script) => `bash ${script}`).join(" && ") || "true" },
  { name: "check", command: "npm run --silent check:source", after: ["install"] },
  { name: "build", command: "npm run --silent build", after: ["install"] },
  { name: "types", command: "npm run --silent typecheck", after: ["build"] },
  ...failover.map((name) => ({
    name,
    command: "npx vitest run --config vitest.failover.config.ts",
    after: ["install"],
  })),
  { name: "unit", command: "npx vitest run", after: ["check", "types"] },
  { name: "e2e", command: "npx playwright test", after: ["unit", ...failover] },
];

const width = Math.max(...parts.map((part) => part.name.length));
const started = performance.now();

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

/** Runs one part, each of its lines labelled; resolves to whether it passed and how long it took. */
function run(part: Part): Promise<{ passed: boolean; ms: number }> {
  const start = performance.now();
  const label = `${part.name.padEnd(width)} │ `;
  const child = spawn("bash", ["-c", part.command], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`${label}${line}\n`));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const ms = performance.now() - start;
      process.stdout.write(`${label}${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${duration(ms)}\n`);
      resolve({ passed: code === 0, ms });
    });
  });
}

const results = new Map<string, Promise<{ passed: boolean; ms: number } | null>>();
for (const part of parts) {
  const before = (part.after ?? []).map((name) => results.get(name));
  results.set(
    part.name,
    Promise.all(before).then((done) =>
      // A part whose prerequisite failed is not started: its failures would only repeat that one.
      done.every((result) => result?.passed) ? run(part) : null,
    ),
  );
}

const outcomes = await Promise.all(
  parts.map(async (part) => ({ part, result: await results.get(part.name) })),
);
const total = performance.now() - started;
process.stdout.write("\n");
for (const { part, result } of outcomes)
  process.stdout.write(
    `${part.name.padEnd(width)}  ${result ? `${result.passed ? "passed" : "FAILED"} in ${duration(result.ms)}` : "not run"}\n`,
  );
const passed = outcomes.every(({ result }) => result?.passed);
process.stdout.write(`\nnpm test ${passed ? "passed" : "FAILED"}: ${duration(total)} in all\n`);
process.exitCode = passed ? 0 : 1;
