import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { publicRoutes, waitForHydration } from "./helpers";

const mapOrigin = "https://www.openstreetmap.org";

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

/** The hardening headers every response must carry, whatever it is. Files get the strictest policy. */
function expectSecurityHeaders(headers: Record<string, string>, what: string, kind: "page" | "file") {
  const csp = parseCsp(headers["content-security-policy"]);
  expect(csp.get("default-src"), what).toEqual([kind === "page" ? "'self'" : "'none'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc, what).not.toContain("'unsafe-inline'");
  expect(scriptSrc, what).not.toContain("'unsafe-eval'");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
  expect(headers["permissions-policy"], what).toMatch(/geolocation=\(\)/);
  expect(headers["permissions-policy"], what).toMatch(/microphone=\(\)/);
  expect(headers["x-powered-by"], what).toBeUndefined();
  // Plain HTTP without a trusted proxy: HSTS would be meaningless here.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

/** Every inline script in the HTML, with its nonce attribute if it has one. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ""))
    .map((match) => ({
      nonce: /\snonce="([^"]*)"/.exec(match[1] ?? "")?.[1],
      type: /\stype="([^"]*)"/.exec(match[1] ?? "")?.[1],
      hash: `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    }));
}

test.describe("security headers", () => {
  test("are on every kind of response", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = html.match(/\/assets\/[^"]+\.js/)?.[0] as string;
    const stylesheet = html.match(/\/assets\/[^"]+\.css/)?.[0] as string;
    const responses: [string, "page" | "file", Promise<Awaited<ReturnType<typeof request.get>>>][] = [
      ["prerendered page", "page", request.get("/about")],
      ["prerendered page with trailing slash", "page", request.get("/services/cleaning/")],
      ["page rendered now (404)", "page", request.get("/no-such-page")],
      ["error screen (500)", "page", request.get("/__test/error")],
      ["JSON reply", "page", request.get("/healthz")],
      ["POST to a page", "page", request.post("/about", { data: "x=1" })],
      ["script asset", "file", request.get(script, { headers: { "accept-encoding": "br" } })],
      ["stylesheet asset", "file", request.get(stylesheet)],
      ["favicon", "file", request.get("/favicon.ico")],
      ["sitemap", "file", request.get("/sitemap.xml")],
      ["robots.txt", "file", request.get("/robots.txt")],
    ];
    for (const [what, kind, pending] of responses) {
      const response = await pending;
      expectSecurityHeaders(response.headers(), `${what} (${response.status()})`, kind);
    }
    // A missing file gets the 404 page, which must still be able to run its scripts.
    const missing = await request.get("/assets/missing-file.js");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing.headers(), "missing file (404 page)", "page");
    const nonce = /'nonce-([^']+)'/.exec(missing.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await missing.text()).toContain(`nonce="${nonce}"`);
  });

  test("a prerendered page allows exactly its own inline scripts, by hash", async ({ request }) => {
    // /careers lists the open vacancies, so it is rendered on each request (with a nonce, below).
    for (const path of publicRoutes.filter((route) => route !== "/careers")) {
      const response = await request.get(path);
      const csp = parseCsp(response.headers()["content-security-policy"]);
      const scriptSrc = csp.get("script-src") ?? [];
      expect(
        scriptSrc.some((source) => source.startsWith("'nonce-")),
        path,
      ).toBe(false);
      const scripts = inlineScripts(await response.text()).filter((s) => s.type !== "application/ld+json");
      expect(scripts.length, path).toBeGreaterThanOrEqual(2);
      for (const script of scripts) expect(scriptSrc, path).toContain(script.hash);
    }
  });

  test("a page rendered now carries a fresh nonce on every inline script", async ({ request }) => {
    const nonces: string[] = [];
    for (const path of ["/no-such-page", "/no-such-page", "/__test/error", "/careers"]) {
      const response = await request.get(path);
      const scriptSrc = parseCsp(response.headers()["content-security-policy"]).get("script-src") ?? [];
      const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      // JSON-LD is data, never run, so the policy does not cover it (as in the hash test above).
      const scripts = inlineScripts(await response.text()).filter((s) => s.type !== "application/ld+json");
      expect(scripts.length, path).toBeGreaterThanOrEqual(2);
      for (const script of scripts) expect(script.nonce, path).toBe(nonce);
      nonces.push(nonce as string);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test("only the contact page may frame the map, and only from the maps service", async ({ request }) => {
    for (const path of [...publicRoutes, "/no-such-page"]) {
      const response = await request.get(path);
      const frameSrc = parseCsp(response.headers()["content-security-policy"]).get("frame-src");
      expect(frameSrc, path).toEqual(path === "/contact" ? [mapOrigin] : ["'none'"]);
    }
  });
});

/** Collects CSP violations and console errors about the policy while the page runs. */
async function watchForViolations(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(text)) problems.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

test.describe("the site under its Content-Security-Policy", () => {
  for (const path of [...publicRoutes, "/no-such-page", "/__test/error"]) {
    test(`${path} hydrates with no policy violation`, async ({ page }) => {
      const problems = await watchForViolations(page);
      await page.goto(path);
      await waitForHydration(page);
      // Client-side navigation loads route modules too: follow one link and come back.
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const path of ["/services/steward", "/no-such-page"]) {
      test(`the mobile menu's script runs on ${path} (scripts allowed by ${path === "/no-such-page" ? "nonce" : "hash"})`, async ({
        page,
      }) => {
        const problems = await watchForViolations(page);
        await page.goto(path);
        await waitForHydration(page);
        await page.getByRole("banner").locator("details > summary").click();
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
        // The menu opens without a script; Escape closing it is the script at work.
        await page.keyboard.press("Escape");
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
        expect(problems).toEqual([]);
      });
    }
  });
});
