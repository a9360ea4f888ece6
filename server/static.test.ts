import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import http, { type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { checkFormToken } from "#core/forms/form-token.server.ts";
import { testNowHeader as appTestNowHeader } from "../app/lib/clock.server.ts";
import { inlineScriptHashes, scriptHash } from "./security.ts";
import {
  type Drawing,
  type Freshness,
  findPrerenderedPages,
  loadPrerenderedPages,
  matchPrerenderedPage,
  prerenderedPages,
  readyBody,
  renderedAt,
  staticFiles,
  testNowHeader,
  withFormTokens,
} from "./static.ts";

describe("findPrerenderedPages", () => {
  it("maps each index.html to the path it was rendered for", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "client-"));
    for (const page of ["", "about", "services/cleaning"]) {
      mkdirSync(path.join(dir, page), { recursive: true });
      writeFileSync(path.join(dir, page, "index.html"), "<h1>x</h1>");
    }
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "app.js"), "");
    const pages = findPrerenderedPages(dir);
    expect([...pages.keys()].sort()).toEqual(["/", "/about", "/services/cleaning"]);
    expect(pages.get("/about")).toBe(path.join(dir, "about", "index.html"));
  });

  it("finds nothing when there is no build", () => {
    expect(findPrerenderedPages(path.join(tmpdir(), "does-not-exist")).size).toBe(0);
  });
});

describe("loadPrerenderedPages and matchPrerenderedPage", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "client-"));
  mkdirSync(path.join(dir, "about"), { recursive: true });
  writeFileSync(
    path.join(dir, "about", "index.html"),
    '<h1>About</h1><script>window.a=1</script><script type="module">import "/x.js";</script>',
  );
  const pages = loadPrerenderedPages(dir);
  const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

  it("knows each page's inline script hashes", () => {
    expect(pages.get("/about")?.scriptHashes).toEqual([
      scriptHash("window.a=1"),
      scriptHash('import "/x.js";'),
    ]);
  });

  it("matches GET and HEAD at the page's path, with or without a trailing slash or a query", () => {
    expect(matchPrerenderedPage(pages, request("GET", "/about"))?.file).toBe(
      path.join(dir, "about", "index.html"),
    );
    expect(matchPrerenderedPage(pages, request("HEAD", "/about/"))).toBeDefined();
    expect(matchPrerenderedPage(pages, request("GET", "/about?x=1"))).toBeDefined();
    expect(matchPrerenderedPage(pages, request("POST", "/about"))).toBeUndefined();
    expect(matchPrerenderedPage(pages, request("GET", "/about/team"))).toBeUndefined();
  });
});

describe("the form token on a prerendered page", () => {
  const html =
    '<form><input type="hidden" name="formToken" data-form-token="contact"/><input name="x"/></form><script>window.a=1</script>';

  it("is written into the hidden field as its value, outside every script, issued as the page is served", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "client-"));
    mkdirSync(path.join(dir, "contact"), { recursive: true });
    writeFileSync(path.join(dir, "contact", "index.html"), html);
    writeFileSync(path.join(dir, "index.html"), "<h1>Home</h1>");
    const pages = loadPrerenderedPages(dir);
    expect(pages.get("/")?.html).toBeUndefined();
    const app = express().use(prerenderedPages(pages, "secret"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/contact`);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      const page = await response.text();
      const token = /data-form-token="contact" value="([^"]+)"/.exec(page)?.[1] ?? "";
      // Signed, and issued as the page was served: a form sent at once would be too fast.
      expect(checkFormToken(token, "contact", "secret", Date.now() + 60_000).spamSignal).toBeNull();
      expect(checkFormToken(token, "contact", "secret").spamSignal).toBe("too-fast");
      expect(inlineScriptHashes(page)).toEqual(pages.get("/contact")?.scriptHashes);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(await home.text()).toBe("<h1>Home</h1>");
    } finally {
      server.close();
    }
  });

  it("signs each form's field for that form", () => {
    const both = withFormTokens(
      '<input data-form-token="contact"/><input data-form-token="careers"/>',
      "secret",
      1_000_000,
    );
    const [contact, careers] = [...both.matchAll(/value="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(checkFormToken(contact, "contact", "secret", 1_010_000).spamSignal).toBeNull();
    expect(checkFormToken(careers, "careers", "secret", 1_010_000).spamSignal).toBeNull();
    expect(checkFormToken(careers, "contact", "secret", 1_010_000).spamSignal).toBe("bad-token");
  });
});

describe("prerendered files after a claim in them has lapsed", () => {
  const built = Date.parse("2030-01-01T00:00:00Z");
  const lapse = Date.parse("2031-03-04T00:00:00Z");
  const dir = mkdtempSync(path.join(tmpdir(), "client-"));
  mkdirSync(path.join(dir, "about"), { recursive: true });
  writeFileSync(path.join(dir, "about", "index.html"), "<h1>About, as built</h1>");
  writeFileSync(path.join(dir, "about.data"), "[as built]");
  for (const file of [path.join(dir, "about", "index.html"), path.join(dir, "about.data")]) {
    utimesSync(file, built / 1000, built / 1000);
  }
  const pages = loadPrerenderedPages(dir);
  const at = (moment: number) => ({ [testNowHeader]: new Date(moment).toISOString() });

  /** The static handlers with the fallback a real server has behind them: React Router, rendering now. */
  async function serve(freshness: Freshness, run: (url: string) => Promise<void>) {
    const app = express()
      .use(prerenderedPages(pages, "", freshness))
      .use(staticFiles(dir, freshness))
      .use((_req, res) => {
        res.send("rendered now");
      });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
    } finally {
      server.close();
    }
  }

  it("knows when the files were rendered, from the oldest of them, a little before", () => {
    expect(renderedAt(pages)).toBeLessThan(built);
    expect(renderedAt(pages)).toBeGreaterThan(built - 5 * 60_000);
  });

  it("serves the page and its .data file until the lapse, then leaves both to be rendered now", async () => {
    await serve({ renderedAt: renderedAt(pages), testHooks: true, lapses: [lapse] }, async (url) => {
      const page = await fetch(`${url}/about`, { headers: at(lapse - 1) });
      expect(await page.text()).toBe("<h1>About, as built</h1>");
      const data = await fetch(`${url}/about.data`, { headers: at(lapse - 1) });
      expect(await data.text()).toBe("[as built]");
      // The claims in it may change with the day: never kept for an hour.
      expect(data.headers.get("cache-control")).toBe("no-cache");

      expect(await (await fetch(`${url}/about`, { headers: at(lapse) })).text()).toBe("rendered now");
      expect(await (await fetch(`${url}/about.data`, { headers: at(lapse) })).text()).toBe("rendered now");
      expect(
        matchPrerenderedPage(pages, { method: "GET", url: "/about", headers: at(lapse) } as never, {
          renderedAt: renderedAt(pages),
          testHooks: true,
          lapses: [lapse],
        }),
      ).toBeUndefined();
    });
  });

  it("reads the request's moment from X-Test-Now only with the test hooks on", async () => {
    await serve({ renderedAt: renderedAt(pages), testHooks: false, lapses: [lapse] }, async (url) => {
      // The real clock is before the lapse (a made-up one, years ahead), so the files still answer.
      expect(await (await fetch(`${url}/about`, { headers: at(lapse) })).text()).toBe(
        "<h1>About, as built</h1>",
      );
    });
  });

  it("ignores a lapse that came before the build", async () => {
    await serve(
      { renderedAt: renderedAt(pages), testHooks: true, lapses: [built - 86_400_000] },
      async (url) => {
        expect(await (await fetch(`${url}/about`, { headers: at(lapse) })).text()).toBe(
          "<h1>About, as built</h1>",
        );
      },
    );
  });

  it("once staff publish content, serves the pages drawn from it, rendering now while they are drawn", async () => {
    let drawing: Drawing | null = null;
    const published = Date.parse("2030-06-01T00:00:00Z");
    const freshness: Freshness = {
      renderedAt: renderedAt(pages),
      testHooks: true,
      lapses: [lapse],
      contentChanged: () => true,
      drawn: () => drawing,
      publishedLapses: () => [published + 86_400_000],
    };
    await serve(freshness, async (url) => {
      // Published, not yet drawn: neither the build's file nor its .data, but the page rendered now.
      expect(await (await fetch(`${url}/about`, { headers: at(published) })).text()).toBe("rendered now");
      expect(await (await fetch(`${url}/about.data`, { headers: at(published) })).text()).toBe(
        "rendered now",
      );
      const html = "<h1>About, as published</h1><script>go()</script>";
      drawing = {
        generation: 2,
        drawnAt: published,
        pages: new Map([["/about", { file: "", html, scriptHashes: inlineScriptHashes(html), drawn: true }]]),
      };
      const drawn = await fetch(`${url}/about`, { headers: at(published + 1) });
      expect(await drawn.text()).toBe(html);
      expect(drawn.headers.get("cache-control")).toBe("no-cache");
      expect(
        matchPrerenderedPage(
          pages,
          { method: "GET", url: "/about", headers: at(published + 1) } as never,
          freshness,
        )?.scriptHashes,
      ).toEqual([scriptHash("go()")]);
      // A claim in the published content lapses after the drawing: rendered now again.
      expect(await (await fetch(`${url}/about`, { headers: at(published + 86_400_000) })).text()).toBe(
        "rendered now",
      );
    });
  });

  it("sends a drawn page's bytes made once, with the strong ETag Express would give them, and 304 to a revisit", async () => {
    const published = Date.parse("2030-06-01T00:00:00Z");
    const html = "<h1>About, as published: £12 an hour</h1>";
    const body = readyBody(html);
    const freshness: Freshness = {
      renderedAt: renderedAt(pages),
      testHooks: true,
      lapses: [lapse],
      contentChanged: () => true,
      drawn: () => ({
        generation: 2,
        drawnAt: published,
        pages: new Map([["/about", { file: "", html, scriptHashes: [], drawn: true, body }]]),
      }),
      publishedLapses: () => [],
    };
    // What Express makes of the same words sent as a string, for each response.
    const plain = express();
    plain.set("etag", "strong");
    plain.get("/", (_req, res) => res.type("html").send(html));
    await serve(freshness, async (url) => {
      const drawn = await fetch(`${url}/about`, { headers: at(published + 1) });
      expect(await drawn.text()).toBe(html);
      expect(drawn.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const etag = drawn.headers.get("etag");
      expect(etag).toBe(body.etag);
      // fetch() adds "Cache-Control: no-cache" to a conditional request, which no server answers 304.
      const again = await new Promise<number | undefined>((resolve, reject) => {
        http
          .get(`${url}/about`, { headers: { ...at(published + 2), "if-none-match": etag ?? "" } }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on("error", reject);
      });
      expect(again).toBe(304);
    });
    const server = plain.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as import("node:net").AddressInfo;
    const expressEtag = (await fetch(`http://127.0.0.1:${port}/`)).headers.get("etag");
    server.close();
    expect(body.etag).toBe(expressEtag);
  });

  it("judges the moment by the same header the pages' loaders read", () => {
    expect(testNowHeader).toBe(appTestNowHeader);
  });
});
