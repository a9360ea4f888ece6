// The production server (server/main.ts, serving the production build) stopped with SIGTERM while
// eight clients post enquiries on kept-alive connections through the whole grace period: every post it
// took is answered and stored, none is cut off, and the process exits.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { startServerProcess, validEnquiry } from "../support/harness.ts";

type Outcome = { status: number; reference: string; at: number } | { error: string; at: number };

/** One enquiry on a client's kept-alive connection: the answer, or how the request failed. */
function post(url: string, agent: http.Agent): Promise<Outcome> {
  const body = JSON.stringify(validEnquiry());
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/contact-handler.php`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message, at: Date.now() }),
        );
        res.on("end", () => {
          const reference = /ENQ-[0-9A-Z]{6}/.exec(text)?.[0] ?? "";
          resolve({ status: res.statusCode ?? 0, reference, at: Date.now() });
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, at: Date.now() }),
    );
    req.end(body);
  });
}

test("SIGTERM during steady posting: every post taken is answered and stored, none is reset", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-"));
  const databaseUrl = path.join(dataDir, "site.sqlite");
  const graceMs = 2000;
  const agents = Array.from({ length: 8 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const server = await startServerProcess(
      { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: String(graceMs / 1000) },
      60_000,
      { pages: true },
    );
    let signalledAt = 0;
    const outcomes: Outcome[] = [];
    // Eight clients, each posting one enquiry after another, until the server no longer listens.
    const clients = agents.map(async (agent) => {
      for (;;) {
        const outcome = await post(server.url, agent);
        outcomes.push(outcome);
        if ("error" in outcome) return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    await Promise.all(clients);

    expect(code).toBe(0);
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: "server closed" }));
    const answered = outcomes.filter((outcome) => "status" in outcome);
    // Posting went on through the whole grace period, to its last moments.
    expect(answered.filter((outcome) => outcome.at > signalledAt + graceMs - 300).length).toBeGreaterThan(0);
    for (const outcome of answered) expect(outcome.status).toBe(200);
    // The only failure a client may meet is a refused connection once nothing listens: no request
    // was read, none was cut off.
    const failures = outcomes.filter((outcome) => "error" in outcome).map((outcome) => outcome.error);
    expect(failures).toEqual(Array(8).fill("ECONNREFUSED"));

    const db = new DatabaseSync(databaseUrl, { readOnly: true });
    try {
      const stored = new Set(
        (db.prepare("SELECT reference FROM enquiries").all() as { reference: string }[]).map(
          (row) => row.reference,
        ),
      );
      const acknowledged = answered.map((outcome) => ("reference" in outcome ? outcome.reference : ""));
      expect(acknowledged.length).toBeGreaterThan(50);
      for (const reference of acknowledged) expect(stored.has(reference), reference).toBe(true);
    } finally {
      db.close();
    }
  } finally {
    for (const agent of agents) agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
