import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

// A fresh SQLite database and key file for each run, outside the project's own data/ folder. Kept in the
// environment so the test workers (which load this file again) use the same folder as the server, and
// the workspace tests can run `npm run staff` against its database.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `site-e2e-${port}-${Date.now()}`);
export const e2eDataDir = process.env.E2E_DATA_DIR;
// The Node processes the run starts (the server, and the servers and commands some tests start) keep
// V8's compiled code for the modules they load, so each after the first starts sooner.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL("./node_modules/.cache/node-compile-cache", import.meta.url),
);
export const e2eDatabase = path.join(e2eDataDir, "site.sqlite");
/** The workspace's address: passkeys need a domain, and localhost is one. */
export const staffBaseURL = `http://localhost:${port}`;

/** How Chromium is started here: this machine's closed network refuses what it would fetch for itself. */
const chromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/**
 * Debian's Chromium, the browser visitors use: the audit's Lighthouse runs and the screenshots are made in
 * it, as they score and show the page a visitor's browser draws.
 */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: chromiumArgs,
};

/**
 * Debian's build of the same Chromium without its windows (package chromium-headless-shell), for the
 * browser tests: the same Blink and V8 at the same version, and the browser Playwright itself tests in
 * when headless. The full browser draws a toolbar of its own for every context a test opens (about half
 * a second of processor each on two cores); the shell has none, and the browser tests take half as long.
 */
export const testChromium = {
  executablePath: process.env.TEST_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: chromiumArgs,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Limits against a hang, not measures of speed (the benches measure speed): a long journey through
  // the workspace takes 10 to 20 s on a quiet two-core machine and must not fail on a busy one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    trace: "off",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: testChromium } }],
  webServer: {
    // The production build, served by the production server, as a visitor meets it.
    command: "node server/main.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ENABLE_TEST_HOOKS: "1",
      LOG_LEVEL: "warn",
      DATA_DIR: e2eDataDir,
      DATABASE_URL: e2eDatabase,
      // Every test posts from the same address; the real limits would stop the suite.
      CONTACT_RATE_LIMIT: "10000",
      CAREERS_RATE_LIMIT: "10000",
      PASSKEY_CHALLENGE_LIMIT: "10000",
      VISITS_VIEWS_PER_MINUTE: "10000",
    },
  },
});
