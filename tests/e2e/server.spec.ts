import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { inTabs, publicRoutes, waitForHydration } from "./helpers";

test.describe("production server", () => {
  test("serves each page's content in the HTML itself, before any script runs", async ({ request }) => {
    for (const path of publicRoutes) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      // The form pages carry a token made for this visit, so no shared cache may keep them.
      expect(response.headers()["cache-control"]).toBe(
        path === "/contact" || path === "/careers" ? "private, no-cache" : "no-cache",
      );
      expect(await response.text()).toMatch(/<h1[^>]*>/);
    }
  });

  test("no public page's scripts carry the staff workspace's code, the lead model or the server's validation", async ({
    context,
    request,
  }) => {
    await inTabs(context, publicRoutes, async (page, path) => {
      // The scripts start only after the first paint (docs/decisions/005): wait until they have run.
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      // Every script the page loaded, as the browser recorded it, fetched again to read it.
      const urls = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.endsWith(".js")),
      );
      expect(urls.length, path).toBeGreaterThan(0);
      const code = (await Promise.all(urls.map(async (url) => (await request.get(url)).text()))).join("\n");
      // Words only the lead model and the workspace's pages use; then zod's own type name and a message
      // of the schemas only the server runs (the forms take their fields and limits from zod-free files).
      for (const marker of [
        "National Insurance number revealed",
        "Waiting to be sent",
        "Create passkey",
        "$ZodType",
        "Please enter a valid email address",
      ]) {
        expect(code.includes(marker), `${path} loads "${marker}"`).toBe(false);
      }
    });
  });

  test("/about is prerendered and answers without a trailing-slash redirect either way", async ({
    request,
  }) => {
    const plain = await request.get("/about", { maxRedirects: 0 });
    expect(plain.status()).toBe(200);
    const slash = await request.get("/about/", { maxRedirects: 0 });
    expect(slash.status()).toBe(200);
    expect(await slash.text()).toBe(await plain.text());
  });

  test("unknown paths answer 404 with the 404 page", async ({ request }) => {
    const response = await request.get("/anything-unknown");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  test("hashed assets are cached for a year; HTML is revalidated", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset as string);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("compresses with brotli and gzip", async ({ request }) => {
    const br = await request.get("/", { headers: { "accept-encoding": "br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    const gzip = await request.get("/about", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
  });

  test("answers GET /healthz and hides the framework banner", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  });
});

test("answers GET /readyz with the delivery queue's backlog while the database answers", async ({
  request,
}) => {
  const response = await request.get("/readyz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toMatchObject({
    status: "ready",
    database: "ok",
    outbox: { waiting: expect.any(Number), failed: expect.any(Number) },
  });
});

/** The production server in a process of its own, logging at info; `log()` is what it has written so far. */
async function serverProcess() {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  await expect.poll(() => output.includes("server listening"), { timeout: 15_000 }).toBe(true);
  const first = JSON.parse(output.split("\n")[0] as string) as { level: string; msg: string; url: string };
  return { child, first, log: () => output };
}

test("a request a page refuses is not logged as an error, nor the address it was sent to", async () => {
  const { child, first, log } = await serverProcess();
  try {
    const refused = await fetch(`${first.url}/careers/vacancies/jane.doe@example.com`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Jane",
    });
    expect(refused.status).toBe(405);
    const missing = await fetch(`${first.url}/jane.doe@example.com`);
    expect(missing.status).toBe(404);
    await expect
      .poll(
        () =>
          log()
            .split("\n")
            .filter((line) => line.includes('"status":404')).length,
      )
      .toBe(1);
    expect(log()).toContain('"status":405');
    expect(log()).not.toContain("jane.doe");
    expect(log()).not.toContain('"level":"error"');
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
});

test("the server logs JSON and shuts down cleanly on SIGTERM and SIGINT", async () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const { child, first, log } = await serverProcess();
    expect(first).toMatchObject({ level: "info", msg: "server listening" });
    child.kill(signal);
    const [code] = await once(child, "exit");
    expect(code, signal).toBe(0);
    expect(log()).toContain('"msg":"server closed"');
  }
});
