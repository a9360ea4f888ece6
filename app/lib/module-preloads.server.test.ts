import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  deferBootstrap,
  deferScripts,
  modulePreloadStripper,
  stripModulePreloads,
} from "./module-preloads.server.ts";

const head =
  '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js" crossorigin="anonymous"/><title>Café £16</title></head>';
const expected = '<head><link rel="stylesheet" href="/assets/app.css"/><title>Café £16</title></head>';

describe("stripModulePreloads", () => {
  it("removes module preload links and nothing else", () => {
    expect(stripModulePreloads(head)).toBe(expected);
  });
});

describe("modulePreloadStripper", () => {
  it("removes links cut across chunks, and keeps characters cut across chunks whole", async () => {
    const bytes = Buffer.from(head, "utf8");
    // Every possible single split point, including inside a tag and inside a two-byte character.
    for (let at = 1; at < bytes.length; at += 1) {
      const output = await text(
        Readable.from([bytes.subarray(0, at), bytes.subarray(at)]).pipe(modulePreloadStripper()),
      );
      expect(output, `split at ${at}`).toBe(expected);
    }
  });
});

const bootstrap =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nimport * as route1 from "/assets/home-3.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-4.js");';

describe("deferBootstrap", () => {
  it("turns the static imports into dynamic ones behind a wait for load and the first paint", () => {
    const code = deferBootstrap(bootstrap);
    expect(code).not.toMatch(/^\s*import ["*]/m);
    expect(code).toContain('addEventListener("load"');
    expect(code).toContain('observe({ type: "paint", buffered: true })');
    expect(code).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/home-3.js")]);',
    );
    expect(code.indexOf("__reactRouterRouteModules")).toBeGreaterThan(code.indexOf("Promise.all"));
    expect(code.trim().endsWith('import("/assets/entry.client-4.js");')).toBe(true);
  });

  it("runs: the modules are loaded in full before the entry is imported", async () => {
    const loaded: string[] = [];
    const modules: Record<string, unknown> = {
      "/assets/manifest-1.js": {},
      "/assets/root-2.js": { name: "root" },
      "/assets/home-3.js": { name: "home" },
    };
    const win: Record<string, unknown> = {};
    const code = deferBootstrap(bootstrap).replaceAll("window.", "win.");
    const run = new Function(
      "document",
      "requestAnimationFrame",
      "addEventListener",
      "win",
      "load",
      `return (async () => { const importer = load; ${code.replaceAll("import(", "importer(")} })();`,
    );
    await run(
      { readyState: "complete" },
      (callback: () => void) => callback(),
      () => {},
      win,
      async (url: string) => {
        loaded.push(url);
        return modules[url] ?? {};
      },
    );
    expect(loaded).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-2.js",
      "/assets/home-3.js",
      "/assets/entry.client-4.js",
    ]);
    expect(win.__reactRouterRouteModules).toEqual({
      root: { name: "root" },
      "routes/home": { name: "home" },
    });
  });

  it("fetches nothing until the typefaces are in, the first contentful paint is reported and two frames have passed", async () => {
    const loaded: string[] = [];
    let deliver: ((names: string[]) => void) | undefined;
    class PaintObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(
        callback: (list: { getEntriesByName(name: string): unknown[] }, observer: PaintObserver) => void,
      ) {
        deliver = (names) =>
          callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this);
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "paint", buffered: true });
      }
      disconnect() {}
    }
    let fontsIn: (() => void) | undefined;
    const fonts = { ready: new Promise<void>((resolve) => (fontsIn = resolve)) };
    const frames: (() => void)[] = [];
    const code = deferBootstrap(bootstrap)
      .replaceAll("window.", "win.")
      .replaceAll("globalThis.PerformanceObserver", "PerformanceObserver");
    const run = new Function(
      "document",
      "requestAnimationFrame",
      "addEventListener",
      "PerformanceObserver",
      "win",
      "load",
      `return (async () => { const importer = load; ${code.replaceAll("import(", "importer(")} })();`,
    );
    const done = run(
      { readyState: "complete", fonts },
      (callback: () => void) => frames.push(callback),
      () => {},
      PaintObserver,
      {},
      async (url: string) => {
        loaded.push(url);
        return {};
      },
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    // The first paint comes before the typeface: the text is not on screen yet.
    expect(deliver).toBeUndefined();
    fontsIn?.();
    await settle();
    deliver?.(["first-paint"]);
    await settle();
    expect(frames).toHaveLength(0);
    deliver?.(["first-contentful-paint"]);
    frames.shift()?.();
    await settle();
    expect(loaded).toEqual([]);
    frames.shift()?.();
    await done;
    expect(loaded).toContain("/assets/entry.client-4.js");
  });

  it("leaves code without static imports alone", () => {
    expect(deferBootstrap('console.log("hi");')).toBe('console.log("hi");');
  });
});

describe("deferScripts in the stream", () => {
  it("rewrites a bootstrap cut across chunks", async () => {
    const html = `<body><p>Hi</p><script type="module" async="">${bootstrap}</script></body>`;
    const bytes = Buffer.from(html, "utf8");
    const whole = deferScripts(html);
    expect(whole).not.toBe(html);
    for (let at = 1; at < bytes.length; at += 7) {
      const output = await text(
        Readable.from([bytes.subarray(0, at), bytes.subarray(at)]).pipe(modulePreloadStripper()),
      );
      expect(output, `split at ${at}`).toBe(whole);
    }
  });
});
