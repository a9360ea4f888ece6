// A real IMAP server on loopback for the bounce tests: Debian's Dovecot, started by the test as an
// instance of its own, with its own config file, one passwd-file user and a maildir in a temporary
// folder, on a free port, as whoever runs the tests (no chroot, no system user, no system service).
// Messages are put in the mailbox with IMAP APPEND, as a mail server delivering a bounce would put it
// there; a test reads back what is left.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";

export const dovecotPath = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";

/** A free TCP port on loopback, as the system hands one out. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type TestDovecot = {
  /** BOUNCE_IMAP_URL for the mailbox. */
  url: string;
  port: number;
  /** Puts a message in the mailbox, as a delivered bounce. */
  deliver(raw: Buffer | string): Promise<void>;
  /** How many messages are in the mailbox now. */
  count(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * Who the instance runs as: whoever runs the tests, or, for root (whom Dovecot's login process refuses),
 * the unprivileged `dovecot` user Debian's package makes.
 */
function instanceUser(): { name: string; uid: number; gid: number } {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid };
  const uid = Number(execFileSync("id", ["-u", "dovecot"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "dovecot"], { encoding: "utf8" }).trim());
  return { name: "dovecot", uid, gid };
}

/** Gives a folder and everything in it to the instance's user. */
function giveTo(folder: string, owner: { uid: number; gid: number }): void {
  chownSync(folder, owner.uid, owner.gid);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const inside = path.join(folder, entry.name);
    if (entry.isDirectory()) giveTo(inside, owner);
    else chownSync(inside, owner.uid, owner.gid);
  }
}

/** Starts Dovecot for one test; resolves once it answers IMAP on its port. */
export async function startDovecot(): Promise<TestDovecot> {
  const dir = mkdtempSync(path.join(tmpdir(), "dovecot-test-"));
  const port = await freePort();
  const user = "bounces";
  const password = randomBytes(12).toString("hex");
  const me = instanceUser();
  for (const folder of ["run", "state", "mail", "home"])
    mkdirSync(path.join(dir, folder), { recursive: true });
  writeFileSync(
    path.join(dir, "passwd"),
    `${user}:{PLAIN}${password}:${me.uid}:${me.gid}::${dir}/home/${user}\n`,
  );
  writeFileSync(
    path.join(dir, "dovecot.conf"),
    `# One test's bounce mailbox; nothing here touches the system's Dovecot.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${me.name}
default_login_user = ${me.name}
mail_location = maildir:${dir}/mail/%u
first_valid_uid = ${me.uid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
`,
  );
  giveTo(dir, me);
  // The whole instance runs unprivileged: no part of it is root, even when the tests are.
  const child: ChildProcess = spawn(dovecotPath, ["-F", "-c", path.join(dir, "dovecot.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(userInfo().uid === 0 ? { uid: me.uid, gid: me.gid } : {}),
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `imap://${user}:${password}@127.0.0.1:${port}/INBOX`;

  const session = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    client.on("error", () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      let log = "";
      try {
        log = readFileSync(path.join(dir, "dovecot.log"), "utf8");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`Dovecot stopped at start:\n${output}\n${log}`);
    }
    try {
      await session(async () => {});
      break;
    } catch (error) {
      if (Date.now() - started > 15_000) {
        child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`Dovecot did not answer on port ${port}: ${String(error)}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    port,
    deliver: (raw) =>
      session(async (client) => {
        await client.append("INBOX", typeof raw === "string" ? Buffer.from(raw) : raw);
      }),
    count: () =>
      session(async (client) => {
        const status = await client.status("INBOX", { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
