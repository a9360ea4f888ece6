import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findPrerenderedPages } from "./static.ts";

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
