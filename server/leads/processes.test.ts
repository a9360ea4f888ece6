// Several real server processes on one database: starting together, and sharing the delivery queue.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  applicationFields,
  applicationForm,
  freshPostgresDatabase,
  postApplication,
  postEnquiry,
  type ServerProcess,
  startServerProcess,
  TestSmtp,
  TestWebhookReceiver,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { migrationDirs, migrationFiles } from "../db/migrate.ts";
import { decryptNiNumber } from "./protect.ts";

type Dialect = "sqlite" | "postgres";

/** A fresh database of either kind, and a way to read it from outside the servers. */
async function freshDatabase(dialect: Dialect) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leads-processes-"));
  if (dialect === "sqlite") {
    const file = path.join(dataDir, "site.sqlite");
    return {
      url: file,
      dataDir,
      async rows<T>(sql: string): Promise<T[]> {
        const db = new DatabaseSync(file, { readOnly: true });
        try {
          return db.prepare(sql).all() as T[];
        } finally {
          db.close();
        }
      },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await freshPostgresDatabase();
  return {
    url: database.url,
    dataDir,
    async rows<T>(sql: string): Promise<T[]> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const migrationNames = (dialect: Dialect) => migrationFiles(migrationDirs(dialect)).map((file) => file.name);

describe.each<Dialect>(["postgres", "sqlite"])("server processes on one %s database", (dialect) => {
  let processes: ServerProcess[] = [];
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    processes = [];
    await cleanup?.();
    cleanup = null;
  });

  it("four started at the same moment on a fresh database all come up, sharing one set of keys", async () => {
    const db = await freshDatabase(dialect);
    cleanup = db.drop;
    // Node takes a moment to start; all four open the database at one agreed instant.
    const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, TEST_START_AT: String(Date.now() + 3000) };
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => startServerProcess(env)));
    processes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failures = started.flatMap((result) =>
      result.status === "rejected" ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    expect(processes).toHaveLength(4);

    for (const server of processes) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    // Each migration applied exactly once, whichever process got there first.
    const applied = await db.rows<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(applied.map((row) => row.name)).toEqual(migrationNames(dialect));
    const migratedBy = processes.filter((server) => server.logs.some((l) => l.msg === "server listening"));
    expect(migratedBy).toHaveLength(4);

    // One keys.json, private to its owner, and every process encrypts with its key.
    const keysFile = path.join(db.dataDir, "keys.json");
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(db.dataDir).filter((name) => name.startsWith("keys.json"))).toEqual(["keys.json"]);
    const niKey = Buffer.from((JSON.parse(readFileSync(keysFile, "utf8")) as { niKey: string }).niKey, "hex");
    for (const server of processes) {
      const response = await postApplication(server.url, applicationForm(applicationFields()));
      expect(response.status).toBe(200);
    }
    const stored = await db.rows<{ ni_number_encrypted: string }>(
      "SELECT ni_number_encrypted FROM applications",
    );
    expect(stored).toHaveLength(4);
    for (const row of stored) expect(decryptNiNumber(row.ni_number_encrypted, niKey)).toBe("AB123456C");
  }, 60_000);

  it("two share the delivery queue and send every e-mail and webhook exactly once", async () => {
    const db = await freshDatabase(dialect);
    const smtp = new TestSmtp();
    const receiver = new TestWebhookReceiver();
    await smtp.start();
    await receiver.start();
    cleanup = async () => {
      await smtp.stop();
      await receiver.stop();
      await db.drop();
    };
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: db.dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      WEBHOOK_URLS: `${receiver.url("/hooks/sales")}, ${receiver.url("/hooks/ops")}`,
      WEBHOOK_SECRET: receiver.secret,
      PUBLIC_URL: "https://www.cottonopolis.example/",
      OUTBOX_POLL_MS: "50",
    };
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);

    const references: string[] = [];
    const personal: string[] = [];
    for (let i = 0; i < 16; i++) {
      const server = processes[i % 2] as ServerProcess;
      const response =
        i % 4 === 3
          ? await postApplication(server.url, applicationForm(applicationFields({ lastName: `Nowak${i}` })))
          : await postEnquiry(
              server.url,
              validEnquiry({ lastName: `Khan${i}`, email: `visitor${i}@example.com` }),
            );
      expect(response.status).toBe(200);
      const message = ((await response.json()) as { message: string }).message;
      references.push(/(ENQ|APP)-[0-9A-Z]{6}/.exec(message)?.[0] ?? "");
      personal.push(i % 4 === 3 ? `Nowak${i}` : `visitor${i}@example.com`);
    }

    type Row = { reference: string; channel: string; message_id: string; status: string; attempts: number };
    const rows = async () =>
      db.rows<Row>("SELECT reference, channel, message_id, status, attempts FROM outbox ORDER BY id");
    await expect
      .poll(async () => (await rows()).filter((row) => row.status !== "sent").length, { timeout: 20_000 })
      .toBe(0);
    const all = await rows();
    const emails = all.filter((row) => row.channel === "email");
    const webhooks = all.filter((row) => row.channel === "webhook");
    expect(emails).toHaveLength(16 * 2);
    expect(webhooks).toHaveLength(16 * 2);
    expect(all.every((row) => Number(row.attempts) === 1)).toBe(true);

    // Each e-mail arrived once, under the Message-ID its row keeps.
    await smtp.waitFor(emails.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(emails.length);
    expect(smtp.messages.map((m) => m.parsed.messageId).sort()).toEqual(
      emails.map((row) => `<${row.message_id}@cottonopolis.example>`).sort(),
    );

    // Each webhook arrived once at each address, signed, with the id its row keeps, and no personal details.
    expect(receiver.received).toHaveLength(webhooks.length);
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
    expect(receiver.received.map((d) => d.headers["webhook-id"]).sort()).toEqual(
      webhooks.map((row) => row.message_id).sort(),
    );
    for (const reference of references) {
      const paths = receiver.received
        .filter((d) => (d.body as { data: { reference: string } }).data.reference === reference)
        .map((d) => d.path)
        .sort();
      expect(paths).toEqual(["/hooks/ops", "/hooks/sales"]);
    }
    const enquiryHook = receiver.received.find(
      (d) => references[0] && d.raw.includes(references[0] as string),
    );
    expect(enquiryHook?.body).toEqual({
      type: "lead.received",
      timestamp: expect.any(String),
      data: {
        reference: references[0],
        kind: "enquiry",
        service: { id: "cleaning", name: "Professional cleaning" },
        url: `https://www.cottonopolis.example/staff/leads/${references[0]}`,
      },
    });
    const everything = receiver.received.map((d) => d.raw).join("\n");
    for (const detail of [...personal, "Aisha", "Tomasz", "0161 496 0999", "evening office clean"]) {
      expect(everything).not.toContain(detail);
    }

    // One "sent" line per message across both processes: none was sent by both.
    const sentLines = processes.flatMap((p) =>
      p.logs.filter((l) => l.msg === "mail sent" || l.msg === "webhook sent"),
    );
    expect(sentLines).toHaveLength(all.length);
  }, 60_000);
});
