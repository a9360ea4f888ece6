/**
 * `npm run screenshots`: serves the production build on a free loopback port and saves a full-page
 * screenshot of every page at phone, tablet and desktop widths to reports/screenshots/, each in a fresh
 * browser profile (so every shot is a first visit, font loading included). For a person to look at
 * before a change is called done; it asserts nothing.
 *
 * Beside the pages, the states only a signed link opens and those a visitor reaches by doing something
 * on a page (tools/screenshot-states.ts), made fresh on the server's own database in a temporary folder.
 *
 * Options: --skip-build, --only=/path,/path (and `states` for those), --widths=320,1366, --no-js
 * (JavaScript off as well), --out=folder (default reports/screenshots), --port=N (default: a free port).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium as playwrightChromium } from "@playwright/test";
import { publicPages } from "#core/seo.ts";
import { chromium as chromiumSettings } from "../playwright.config.ts";
import { freePort, run, startServer } from "./audit.ts";
import { notFoundPath } from "./audit-report.ts";
import { actedStates, linkedStates, type ScreenshotState } from "./screenshot-states.ts";

/** The widths every page is looked at: small and common phones, a tablet, a laptop and a desktop. */
export const screenshotWidths = [320, 390, 768, 1024, 1366];

function option(args: string[], name: string): string | undefined {
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** A file name for a route: "/" is "home", "/services/cleaning" is "services-cleaning". */
function slug(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replaceAll("/", "-");
}

async function main() {
  const args = process.argv.slice(2);
  const only = option(args, "only")?.split(",");
  const routes = only?.filter((entry) => entry !== "states") ?? [...publicPages, notFoundPath];
  const withStates = !only || only.includes("states");
  const widths = option(args, "widths")?.split(",").map(Number) ?? screenshotWidths;
  const out = option(args, "out") ?? "reports/screenshots";
  const modes = args.includes("--no-js") ? [true, false] : [true];
  const port = Number(option(args, "port") ?? (await freePort()));

  if (!args.includes("--skip-build")) await run("npm", ["run", "build"]);
  mkdirSync(out, { recursive: true });
  // A database of its own, so the states made for the pictures never land in a developer's data.
  const dataDir = mkdtempSync(path.join(tmpdir(), "screenshots-"));
  const database = path.join(dataDir, "site.sqlite");
  // Every width sends the forms again: enough posts allowed for all of them.
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: database,
    CONTACT_RATE_LIMIT: "1000",
    CAREERS_RATE_LIMIT: "1000",
  });
  const browser = await playwrightChromium.launch(chromiumSettings);
  try {
    const base = `http://127.0.0.1:${port}`;
    const shots: ScreenshotState[] = [
      ...routes.map((route) => ({ name: slug(route), path: route })),
      ...(withStates ? [...(await linkedStates(base, dataDir, database)), ...actedStates] : []),
    ];
    for (const javaScriptEnabled of modes) {
      for (const width of widths) {
        for (const shot of shots) {
          // A fresh profile each time: nothing cached, as for someone arriving for the first time.
          const context = await browser.newContext({
            viewport: { width, height: width < 768 ? 844 : 900 },
            javaScriptEnabled,
          });
          const page = await context.newPage();
          await page.goto(`${base}${shot.path}`, { waitUntil: "load" });
          if (javaScriptEnabled) {
            await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
          }
          const file = path.join(out, `${shot.name}-${width}${javaScriptEnabled ? "" : "-nojs"}.png`);
          if (shot.act) {
            await shot.act(page);
            // The screen the visitor is left on, as well as the whole page.
            await page.screenshot({ path: file.replace(/\.png$/, "-screen.png") });
          }
          await page.screenshot({ path: file, fullPage: true });
          process.stdout.write(`${file}\n`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await main();
}
