// The development server (`npm run dev`): the production server's services and middleware, with the
// pages rendered by Vite from source. What must hold: it starts, renders the public pages, the
// workspace's sign-in and the 404 page, whose contexts the server fills through the app's own entry.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "..");

describe("the development server", () => {
  let child: ChildProcess;
  let origin = "";
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-dev-"));

  beforeAll(async () => {
    child = spawn(process.execPath, ["tools/dev.ts"], {
      cwd: repository,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: path.join(dataDir, "site.sqlite"),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    origin = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const listening = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"server listening"/.exec(out);
        if (listening?.[1]) resolve(listening[1]);
      });
      child.on("exit", (code) => reject(new Error(`the development server exited (${code}): ${out}`)));
    });
  });
  afterAll(() => {
    child?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders the pages from source, the workspace's sign-in, and 404 for an unknown path", async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Cottonopolis Facilities");
    // Rendered per request, with the services and the CSP nonce the server put in the context.
    const contact = await fetch(`${origin}/contact?service=cleaning`);
    expect(contact.status).toBe(200);
    expect(await contact.text()).toMatch(/<option[^>]*value="cleaning"[^>]*selected/);
    expect((await fetch(`${origin}/staff/sign-in`)).status).toBe(200);
    expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
  });
});
