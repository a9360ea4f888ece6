// Redirects on both databases: an old address answers 301 before any page, a change on one process
// reaches another, a list is taken whole or not at all, and the addresses that answered 404 are counted.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { createRedirects, type Redirects } from "./redirects.ts";

const origins = ["https://www.cottonopolis.example"];

describe.each<Dialect>(["sqlite", "postgres"])("redirects on %s", (dialect) => {
  let harness: Harness | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await harness?.close();
    harness = null;
    server = null;
  });

  /** A site of one page (/about) behind the redirects, answering 404 for anything else. */
  async function serve(redirects: Redirects): Promise<string> {
    const app = express();
    app.use(redirects.handler);
    app.get("/about", (_req, res) => res.send("About us"));
    app.use((_req, res) => res.status(404).send("Not found"));
    server = createServer(app);
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("answers an old address with 301 to its page, and another process learns of it without a restart", async () => {
    harness = await startHarness(dialect);
    const db = harness.services.db;
    const one = createRedirects({ db, origins });
    const other = createRedirects({ db, origins });
    await other.refresh();
    const site = await serve(other);
    const added = await one.add({ from: "https://old.example.co.uk/about-us.html", to: "/about" }, 1);
    expect(added).toEqual({ ok: true, kept: 1 });

    // Until the other process reads the generation again, it answers as it did.
    expect((await fetch(`${site}/about-us.html`, { redirect: "manual" })).status).toBe(404);
    await other.refresh();
    const moved = await fetch(`${site}/About-Us.html?ref=flyer`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/about?ref=flyer");

    // A chain is collapsed as it is made: the oldest address goes straight to the page.
    expect(await one.add({ from: "/about-us-2019", to: "/about-us.html" }, 1)).toEqual({ ok: true, kept: 1 });
    await other.refresh();
    expect((await fetch(`${site}/about-us-2019`, { redirect: "manual" })).headers.get("location")).toBe(
      "/about",
    );

    // A loop is refused, and nothing changes.
    expect(await one.add({ from: "/news-old", to: "/news-2019" }, 1)).toEqual({ ok: true, kept: 1 });
    const loop = await one.add({ from: "/news-2019", to: "/news-old" }, 1);
    expect(loop).toEqual({
      ok: false,
      problems: ["That would make a loop, /news-old → /news-2019 → /news-old: nothing was changed."],
    });
    expect((await one.list()).map(({ from, to }) => `${from} → ${to}`).sort()).toEqual([
      "/about-us-2019 → /about",
      "/about-us.html → /about",
      "/news-old → /news-2019",
    ]);

    expect(await one.remove("/about-us.html")).toBe(true);
    await other.refresh();
    expect((await fetch(`${site}/about-us.html`, { redirect: "manual" })).status).toBe(404);
  });

  it("imports a CSV whole, or refuses it by line with nothing applied", async () => {
    harness = await startHarness(dialect);
    const redirects = createRedirects({ db: harness.services.db, origins });
    const refused = await redirects.importCsv(
      "from,to\n/old-a,/about\n/old-b,https://elsewhere.example/\n",
      1,
    );
    expect(refused).toEqual({
      ok: false,
      problems: [
        "Line 3: The new address is on another site: a redirect can only lead to a page on this one.",
      ],
    });
    expect(await redirects.list()).toEqual([]);
    expect(await redirects.importCsv("from,to\n/old-a,/about\n/old-b,/old-a\n", 7)).toEqual({
      ok: true,
      kept: 2,
    });
    expect((await redirects.list()).map(({ from, to, createdBy }) => ({ from, to, createdBy }))).toEqual(
      expect.arrayContaining([
        { from: "/old-a", to: "/about", createdBy: 7 },
        { from: "/old-b", to: "/about", createdBy: 7 },
      ]),
    );
  });

  it("counts the addresses that answered 404 by path alone, most asked first, and forgets them after 30 days", async () => {
    harness = await startHarness(dialect);
    let now = Date.parse("2026-12-06T12:00:00Z");
    const redirects = createRedirects({ db: harness.services.db, origins, now: () => now });
    const site = await serve(redirects);
    for (const path of ["/old-news?id=3", "/old-news?id=4", "/old-news/", "/team.html", "/about", "/staff/x"])
      await (await fetch(`${site}${path}`)).arrayBuffer();
    await (await fetch(`${site}/someone@example.com`)).arrayBuffer();
    await redirects.flush();
    expect(await redirects.missing()).toEqual([
      { path: "/old-news", hits: 3 },
      { path: "/:redacted", hits: 1 },
      { path: "/team.html", hits: 1 },
    ]);
    now += 31 * 86_400_000;
    await redirects.flush();
    expect(await redirects.missing()).toEqual([]);
  });
});
