import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { modulePreloadStripper, stripModulePreloads } from "./module-preloads.server.ts";

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
