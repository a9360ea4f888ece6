// Shared set-up for the lead integration tests: the real handlers over HTTP on an
// ephemeral port, a real SQLite file or a throwaway PostgreSQL schema, and a real
// SMTP server on loopback that keeps what it receives.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { type ParsedMail, simpleParser } from "mailparser";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import { createHttpServer } from "../../server/app.ts";
import { parseEnv } from "../../server/env.ts";
import { createLogger } from "../../server/observability/logger.ts";
import { createServices, type Services } from "../../server/services.ts";

export { validEnquiry } from "./fixtures.ts";

export const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Dialect = "sqlite" | "postgres";

export type ReceivedMail = {
  envelopeTo: string[];
  /** The envelope's sender (MAIL FROM): where a bounce of it would go. */
  envelopeFrom: string;
  raw: string;
  parsed: ParsedMail;
  /** The SMTP session (one client connection) it came on, and when its data ended. */
  session: string;
  receivedAt: number;
};

/** A real SMTP server on 127.0.0.1 that can be stopped and started again on the same port. */
export class TestSmtp {
  messages: ReceivedMail[] = [];
  port = 0;
  /**
   * While true, the server keeps its port but turns every connection away (421), as a mail server that
   * is down for maintenance does. Unlike stop(), no other test's server can take the port meanwhile.
   */
  refusing = false;
  /**
   * How long to take before answering a message's DATA, given the message and how many copies of
   * it (by Message-ID, this one included) have arrived. The copy is kept either way, as a real
   * server that accepted it would keep it, even if the client has given up waiting.
   */
  answerDelayMs: (mail: ReceivedMail, copies: number) => number = () => 0;
  /** When each session's connection closed, by session id. */
  closedAt = new Map<string, number>();
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onConnect: (_session, callback) => {
        if (!this.refusing) return callback();
        callback(Object.assign(new Error("Down for maintenance"), { responseCode: 421 }));
      },
      onClose: (session) => {
        this.closedAt.set(session.id, Date.now());
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const receivedAt = Date.now();
          const raw = Buffer.concat(chunks);
          const mail = {
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            raw: raw.toString("utf8"),
            parsed: await simpleParser(raw),
            session: session.id,
            receivedAt,
          };
          this.messages.push(mail);
          const copies = this.messages.filter((m) => m.parsed.messageId === mail.parsed.messageId).length;
          const delay = this.answerDelayMs(mail, copies);
          if (delay > 0) setTimeout(() => callback(), delay);
          else callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until at least `count` messages have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const started = Date.now();
    while (this.messages.length < count) {
      if (Date.now() - started > timeoutMs) {
        throw new Error(`Expected ${count} messages, received ${this.messages.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.messages;
  }
}

/** A webhook as the test receiver got it: the signature checked with the standardwebhooks package. */
export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string>;
  raw: string;
  body: unknown;
  /** True when the Standard Webhooks signature matched the secret. */
  verified: boolean;
};

/** A real HTTP server on 127.0.0.1 that receives webhooks and checks their signatures. */
export class TestWebhookReceiver {
  received: ReceivedWebhook[] = [];
  port = 0;
  /** The status to answer a delivery with (2xx accepts it). */
  answer: (delivery: ReceivedWebhook) => number = () => 204;
  readonly secret = `whsec_${randomBytes(32).toString("base64")}`;
  private server: Server | null = null;

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async start(): Promise<void> {
    const verifier = new Webhook(this.secret);
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
        );
        let verified = false;
        try {
          verifier.verify(raw, headers);
          verified = true;
        } catch {
          verified = false;
        }
        const delivery = { path: req.url ?? "", headers, raw, body: JSON.parse(raw) as unknown, verified };
        this.received.push(delivery);
        res.statusCode = verified ? this.answer(delivery) : 400;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Where a harness keeps its data: another harness given the same store acts as a second server process. */
export type Store = { databaseUrl: string; dataDir: string; schema?: string };

export type Harness = {
  url: string;
  /** Everything the composition root built for this server: the database, the keys, each service. */
  services: Services;
  dialect: Dialect;
  store: Store;
  /** Every line the server logged, parsed, at level info and above. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
};

async function createStore(dialect: Dialect): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leads-test-"));
  if (dialect === "sqlite") return { databaseUrl: path.join(dataDir, "site.sqlite"), dataDir };
  const schema = `leads_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return { databaseUrl: postgresUrl, dataDir, schema };
}

async function removeStore(store: Store): Promise<void> {
  if (store.schema) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${store.schema} CASCADE`);
    await admin.end();
  }
  rmSync(store.dataDir, { recursive: true, force: true });
}

/**
 * Starts the lead endpoints on an ephemeral port against a fresh database of the given kind,
 * or against the store of a running harness (`sharing`), which then keeps ownership of it.
 */
export async function startHarness(
  dialect: Dialect,
  env: Record<string, string> = {},
  { sharing, trustProxy = false }: { sharing?: Harness; trustProxy?: boolean } = {},
): Promise<Harness> {
  const store = sharing?.store ?? (await createStore(dialect));
  const parsed = parseEnv({
    DATABASE_URL: store.databaseUrl,
    DATA_DIR: store.dataDir,
    OUTBOX_POLL_MS: "100",
    OUTBOX_RETRY_BASE_MS: "100",
    CONTACT_RATE_LIMIT: "1000",
    CAREERS_RATE_LIMIT: "1000",
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) });
  const services = await createServices(parsed, logger, store.schema ? { schema: store.schema } : {});
  const app = express();
  if (trustProxy) app.set("trust proxy", 1);
  app.get("/readyz", services.readiness);
  app.use(services.leads);
  app.use((_req, res) => res.status(404).json({ success: false, message: "Not found" }));
  // The production server, with shorter client timeouts so the slow-client test is quick.
  const server = createHttpServer(app, {
    headersTimeout: 2_000,
    requestTimeout: 3_000,
    connectionsCheckingInterval: 200,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  services.delivery.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    dialect,
    store,
    logs,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      if (!sharing) await removeStore(store);
    },
  };
}

/** The smallest file each checker accepts as the real thing. */
export const samples = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  ),
  exe: Buffer.concat([Buffer.from("4d5a90000300000004000000ffff0000", "hex"), Buffer.alloc(200)]),
};

/** A valid application's text fields, as the careers form sends them. */
export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Tomasz",
    lastName: "Nowak",
    email: `tomasz.${randomBytes(3).toString("hex")}@example.com`,
    phone: "07700 900123",
    address: "12 Jersey Street, Manchester M4 6JB",
    hasCarQuestion: "yes",
    hasUKLicense: "no",
    rightToWork: "yes",
    niNumber: "ab 12 34 56 c",
    ...overrides,
  };
}

/** Builds the multipart body the careers form sends. */
export function applicationForm(
  fields: Record<string, string> = applicationFields(),
  files: { field: string; name: string; content: Buffer; type?: string }[] = [
    { field: "resume", name: "Tomasz Nowak CV.pdf", content: samples.pdf, type: "application/pdf" },
  ],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.content)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  return form;
}

/** Posts an enquiry as the contact form's script does. */
export function postEnquiry(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/contact-handler.php`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Posts an application as the careers form's script does. */
export function postApplication(url: string, form: FormData, headers: Record<string, string> = {}) {
  return fetch(`${url}/careers-handler.php`, { method: "POST", headers, body: form });
}

/** A database of its own on the PostgreSQL server, as a fresh installation has; drop() removes it. */
/**
 * Sends everything the harness's delivery queue holds for e-mail, now: what a test's injected clock queued
 * "later" than the queue's real clock is made due first. Resolves once no e-mail is waiting (sent or
 * failed for good); throws if the queue does not empty.
 */
export async function deliverAll(h: Harness): Promise<void> {
  await h.services.db.run("UPDATE outbox SET next_attempt_at = 0 WHERE status = 'queued'");
  for (let i = 0; i < 200; i++) {
    await h.services.delivery.runOnce();
    const [row] = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')",
    );
    if (Number(row?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("The delivery queue did not empty");
}

export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `leads_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: postgresUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A real server process (server/leads/test-server.ts) and what it has logged. */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Every JSON line the process logged so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts a server process with this environment (on an ephemeral port) and waits until it listens:
 * server-process.ts (the lead endpoints, no pages), or, with `pages`, the production server
 * (server/main.ts) serving the pages of the production build, which must have been built first.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 20_000,
  { pages = false }: { pages?: boolean } = {},
): Promise<ServerProcess> {
  const script = pages
    ? new URL("../../server/main.ts", import.meta.url)
    : new URL("./server-process.ts", import.meta.url);
  const child = spawn(process.execPath, [script.pathname], {
    env: {
      ...process.env,
      NODE_ENV: pages ? "production" : "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      OUTBOX_POLL_MS: "100",
      OUTBOX_RETRY_BASE_MS: "100",
      CONTACT_RATE_LIMIT: "100000",
      CAREERS_RATE_LIMIT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let errors = "";
  let partial = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server process did not start in time:\n${errors}`));
    }, timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      partial += chunk.toString();
      const lines = partial.split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === "server listening") {
          clearTimeout(timer);
          // server-process.ts logs its port; the production server its address.
          const port = entry.port ?? new URL(String(entry.url)).port;
          resolve({
            url: `http://127.0.0.1:${port}`,
            child,
            logs,
            exited,
            async stop() {
              if (child.exitCode === null) child.kill("SIGTERM");
              return exited;
            },
          });
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server process exited with ${code} before listening:\n${errors}`));
    });
  });
}
