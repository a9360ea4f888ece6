// A real ClamAV daemon (Debian's clamd) for the tests, on a private socket in a temporary folder, with a
// signature database of one test signature made by sigtool from the EICAR test file: nothing is ever
// downloaded. scripts/ensure-clamav.sh installs clamd and sigtool before the unit tests run.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The EICAR anti-virus test file: harmless, and reported by every scanner as if it were malware. It is
 * put together here rather than written out, so that no scanner on a developer's machine flags this file.
 */
export const eicar = Buffer.from(
  ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-", "TEST-FILE!$H+H*"].join(""),
);

/** A PDF (by its first bytes, as the careers form checks) carrying the EICAR test file: "malware" as a CV. */
export const eicarPdf = Buffer.concat([
  Buffer.from("%PDF-1.4\n% "),
  eicar,
  Buffer.from("\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
]);

/** The name the test database gives what it finds, as clamd reports it. */
export const eicarSignature = "Eicar-Test-Signature.UNOFFICIAL";

function binary(name: string, folders: string[]): string {
  const found = folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file));
  if (!found)
    throw new Error(`${name} is missing: run bash scripts/ensure-clamav.sh (Debian's clamav-daemon)`);
  return found;
}

/** Asks the daemon PING over its socket; true when it answers PONG. */
function ping(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = createConnection({ path: socket });
    let answer = "";
    client.on("connect", () => client.write("zPING\0"));
    client.on("data", (chunk) => {
      answer += chunk.toString();
    });
    client.on("end", () => resolve(answer.startsWith("PONG")));
    client.on("error", () => resolve(false));
  });
}

export type Clamd = {
  /** The daemon's socket: known before it starts, so a server can be pointed at a scanner that is down. */
  socket: string;
  /** Starts the daemon and waits until it answers. */
  start(): Promise<void>;
  /** Stops the daemon (the socket then refuses); it can be started again. */
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
};

/** A clamd in a temporary folder with the EICAR test database; not started until start(). */
export function createClamd(): Clamd {
  const dir = mkdtempSync(path.join(tmpdir(), "clamd-test-"));
  const databaseDir = path.join(dir, "database");
  mkdirSync(databaseDir);
  const sigtool = binary("sigtool", ["/usr/bin", "/usr/local/bin"]);
  const hex = execFileSync(sigtool, ["--hex-dump"], { input: eicar }).toString().trim();
  // A body signature (.ndb), target "any file", offset "anywhere": EICAR found inside a PDF or a Word file.
  writeFileSync(path.join(databaseDir, "test.ndb"), `Eicar-Test-Signature:0:*:${hex}\n`);
  const socket = path.join(dir, "clamd.sock");
  const config = path.join(dir, "clamd.conf");
  writeFileSync(
    config,
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${databaseDir}`,
      "Foreground yes",
      `TemporaryDirectory ${dir}`,
      "",
    ].join("\n"),
  );
  const clamd = binary("clamd", ["/usr/sbin", "/usr/local/sbin", "/usr/bin"]);
  let child: ChildProcess | null = null;
  let output = "";

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  return {
    socket,
    async start() {
      if (child) return;
      output = "";
      const started = spawn(clamd, ["-c", config], { stdio: ["ignore", "pipe", "pipe"] });
      child = started;
      started.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      started.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      const deadline = Date.now() + 30_000;
      while (!(await ping(socket))) {
        if (started.exitCode !== null || Date.now() > deadline) {
          await stop();
          throw new Error(`clamd did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
