import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptHash } from "./security.ts";
import { findPrerenderedPages, loadPrerenderedPages, matchPrerenderedPage } from "./static.ts";

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
