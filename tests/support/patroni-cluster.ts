// A PostgreSQL cluster as deploy/ describes it, on loopback, for the failover test and
// `npm run bench:failover`: one etcd member (production runs three), two Patroni members each running
// PostgreSQL 15 from its own data folder, and HAProxy sending one port to whichever member Patroni's REST
// API calls the primary. Patroni and HAProxy run the files of deploy/ as shipped, with only what must
// differ here swapped: loopback addresses and ports, shorter timings, trust on loopback instead of
// passwords, one temporary folder for everything. Every process is started in a process group of its
// own and stop() kills each group, so a failed test leaves nothing running.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, waitFor } from "./caddy.ts";

const postgresBin = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/** Patroni's timings: how long the leader key lives, how often each member runs its loop, DCS retries. */
export type Timings = { ttl: number; loopWait: number; retryTimeout: number };

/** Short enough for a quick test; loop_wait + 2 × retry_timeout stays within ttl, as Patroni needs. */
export const testTimings: Timings = { ttl: 10, loopWait: 1, retryTimeout: 4 };

/** One Patroni member: its PostgreSQL port, its REST API port and its data folder. */
export type Member = { name: string; pgPort: number; restPort: number; dataDir: string; log: string };

/** One member as Patroni's REST API `/cluster` describes it. */
export type MemberState = {
  name: string;
  role: string;
  state: string;
  timeline?: number;
  lag?: number | string;
};

export type PatroniCluster = {
  /** The temporary folder holding every data folder, configuration file and log. */
  dir: string;
  members: Member[];
  /** HAProxy's port: the one address the application is given. */
  haproxyPort: number;
  /** postgres:// URL of the `site` database through HAProxy. */
  databaseUrl: string;
  /** postgres:// URL of the `site` database on one member directly, bypassing HAProxy. */
  memberUrl(member: Member): string;
  /** Every member as Patroni sees it (`GET /cluster` on any member that answers). */
  state(): Promise<MemberState[]>;
  /** The member whose REST API answers `GET /primary` with 200, if any. */
  primary(): Promise<Member | undefined>;
  /** The process id of a member's PostgreSQL postmaster (from its postmaster.pid). */
  postmasterPid(member: Member): number;
  /** The loss of a member's machine: its Patroni and its PostgreSQL killed outright (SIGKILL). */
  killMember(member: Member): Promise<void>;
  /** Starts a member's Patroni again (after killMember), as the machine coming back would. */
  startMember(member: Member): void;
  /** Waits until one member leads and the other streams from it as its synchronous standby. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

type Started = { child: ChildProcess; exited: Promise<void> };

/** The uid and gid to run etcd, Patroni and PostgreSQL as: `postgres` when we are root (PostgreSQL refuses root). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  if (!uid || !gid) throw new Error("Running as root needs a postgres system user to run PostgreSQL as.");
  return { uid, gid };
}

/** Starts a program detached (a process group of its own), its output appended to `log`. */
function startProcess(
  command: string,
  args: string[],
  log: string,
  user: { uid: number; gid: number } | null,
  env: Record<string, string> = {},
): Started {
  const out = openSync(log, "a");
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", out, out],
    // Its own folder, not ours: the postgres user may not enter the folder the tests run from (a clone in
    // a private temporary folder), and PostgreSQL's bootstrap fails in a working folder it cannot read.
    cwd: path.dirname(log),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", ...env },
    ...(user ?? {}),
  });
  closeSync(out);
  // A program that could not be started emits "error" and never "exit".
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  return { child, exited };
}

/** Signals a process group, ignoring one that has already gone. */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Signals one process, ignoring one that has already gone. */
function signalPid(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** True while a process with this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Asks each group to stop, then kills what is left after `graceMs`. */
async function stopAll(processes: Started[], graceMs: number) {
  if (graceMs > 0) for (const p of processes) signalGroup(p.child.pid, "SIGTERM");
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
  await Promise.race([Promise.all(processes.map((p) => p.exited)), timer]);
  for (const p of processes) signalGroup(p.child.pid, "SIGKILL");
  await Promise.all(processes.map((p) => p.exited));
}

/**
 * Processes whose command line names this cluster's folder: a postmaster Patroni started in a session of
 * its own outlives its Patroni's group, so it is found by the unique folder name and killed by id.
 */
function leftovers(dir: string): number[] {
  const listing = spawnSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).stdout;
  return listing
    .split("\n")
    .filter((line) => line.includes(dir))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0 && pid !== process.pid);
}

/**
 * What to kill, at once and without waiting, if the process running the test exits before stop() was
 * called (an interrupted run): every group started and every process naming the folder.
 */
const abandoned = new Map<string, () => void>();
process.once("exit", () => {
  for (const kill of abandoned.values()) kill();
});

function abandon(dir: string, processes: () => (Started | undefined)[]) {
  abandoned.set(dir, () => {
    for (const p of processes()) signalGroup(p?.child.pid, "SIGKILL");
    for (const pid of leftovers(dir)) signalPid(pid, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
}

/** A file of deploy/, as shipped. */
const deployFile = (name: string) => path.resolve(import.meta.dirname, "../../deploy", name);

type PatroniYaml = {
  scope: string;
  name: string;
  restapi: Record<string, unknown>;
  etcd3: { hosts: unknown };
  bootstrap: {
    dcs: Record<string, unknown> & { postgresql: { parameters: Record<string, unknown> } };
    initdb: unknown[];
  };
  postgresql: Record<string, unknown> & { parameters: Record<string, unknown> };
};

/**
 * deploy/patroni/patroni.yml with only what must differ on one machine swapped: the names, loopback
 * addresses and ports, the data folder, the timings, trust on loopback instead of passwords, and no
 * waiting for the disk. Read with Python's YAML parser, which Patroni itself depends on.
 */
function patroniConfig(
  member: Member,
  cluster: { scope: string; etcdPort: number; dir: string; timings: Timings; synchronous: boolean },
): PatroniYaml {
  const read = spawnSync(
    "python3",
    [
      "-c",
      "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
      deployFile("patroni/patroni.yml"),
    ],
    { encoding: "utf8" },
  );
  if (read.status !== 0) throw new Error(`Could not read deploy/patroni/patroni.yml:\n${read.stderr}`);
  const config = JSON.parse(read.stdout) as PatroniYaml;
  const { timings } = cluster;
  config.scope = cluster.scope;
  config.name = member.name;
  config.restapi = {
    listen: `127.0.0.1:${member.restPort}`,
    connect_address: `127.0.0.1:${member.restPort}`,
  };
  config.etcd3 = { hosts: [`127.0.0.1:${cluster.etcdPort}`] };
  Object.assign(config.bootstrap.dcs, {
    ttl: timings.ttl,
    loop_wait: timings.loopWait,
    retry_timeout: timings.retryTimeout,
    synchronous_mode: cluster.synchronous,
  });
  // A throwaway cluster need not wait for initdb's files to reach the disk.
  config.bootstrap.initdb.push("no-sync");
  Object.assign(config.postgresql, {
    listen: `127.0.0.1:${member.pgPort}`,
    connect_address: `127.0.0.1:${member.pgPort}`,
    data_dir: member.dataDir,
    bin_dir: process.env.POSTGRES_BIN ?? config.postgresql.bin_dir,
    pgpass: path.join(cluster.dir, `${member.name}.pgpass`),
    // A new standby copies the primary at once (a fast checkpoint), and the copy need not reach the
    // disk before it starts: a test has no power cut to survive.
    basebackup: [{ checkpoint: "fast" }, "no-sync"],
    pg_hba: [
      "local all all trust",
      "host all all 127.0.0.1/32 trust",
      "host replication all 127.0.0.1/32 trust",
    ],
  });
  Object.assign(config.postgresql.parameters, {
    unix_socket_directories: cluster.dir,
    // A small test cluster on a shared machine: little memory.
    shared_buffers: "32MB",
  });
  return config;
}

/** Replaces `from` in `text`, or throws: the shipped file no longer reads as the test expects. */
function swap(text: string, from: string | RegExp, to: string): string {
  const swapped = text.replace(from, to);
  if (swapped === text) throw new Error(`deploy/haproxy/haproxy.cfg no longer has ${String(from)}`);
  return swapped;
}

/**
 * deploy/haproxy/haproxy.cfg rewritten for a test: in the foreground as this user (no chroot, user,
 * daemon, system log or admin socket), loopback ports, the test's members, and checks every 500 ms.
 */
function haproxyConfig(port: number, statsPort: number, members: Member[]): string {
  let text = readFileSync(deployFile("haproxy/haproxy.cfg"), "utf8");
  for (const line of [
    /^\s*log .*$/gm,
    /^\s*chroot .*$/m,
    /^\s*stats socket .*$/m,
    /^\s*(user|group) .*$/gm,
    /^\s*daemon$/m,
    /^\s*option tcplog$/m,
  ]) {
    text = swap(text, line, "");
  }
  text = swap(text, "bind 127.0.0.1:5000", `bind 127.0.0.1:${port}`);
  text = swap(text, "bind 127.0.0.1:7000", `bind 127.0.0.1:${statsPort}`);
  text = swap(text, " inter 2s ", " inter 500ms ");
  text = swap(
    text,
    /^\s*server db1 .*\n\s*server db2 .*$/m,
    members.map((m) => `\tserver ${m.name} 127.0.0.1:${m.pgPort} check port ${m.restPort}`).join("\n"),
  );
  return text;
}

/**
 * Starts etcd, two Patroni members and HAProxy in a fresh temporary folder and waits until the primary
 * answers through HAProxy and the standby streams synchronously (or, with `synchronous: false`, streams).
 * Creates a `site` database for the application.
 */
export async function startPatroniCluster({
  timings = testTimings,
  synchronous = true,
  waitForStandby = true,
}: {
  timings?: Timings;
  synchronous?: boolean;
  /** False: return once the primary answers through HAProxy, and let the caller waitHealthy() meanwhile. */
  waitForStandby?: boolean;
} = {}): Promise<PatroniCluster> {
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), "patroni-test-"));
  chmodSync(dir, 0o700);
  if (user) chownSync(dir, user.uid, user.gid);
  let etcd: Started | undefined;
  const patronis: Started[] = [];
  let haproxy: Started | undefined;
  const etcdPort = await freePort();
  const etcdPeerPort = await freePort();
  const haproxyPort = await freePort();
  const members: Member[] = [];
  for (const name of ["pg1", "pg2"]) {
    members.push({
      name,
      pgPort: await freePort(),
      restPort: await freePort(),
      dataDir: path.join(dir, name),
      log: path.join(dir, `${name}.log`),
    });
  }

  const patroniOf = new Map<Member, Started>();
  const startPatroni = (member: Member) => {
    const started = startProcess("patroni", [path.join(dir, `${member.name}.yml`)], member.log, user, {
      HOME: dir,
    });
    patroniOf.set(member, started);
    patronis.push(started);
  };
  const postmasterPid = (member: Member) =>
    Number(readFileSync(path.join(member.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

  abandon(dir, () => [haproxy, ...patronis, etcd]);
  const stop = async () => {
    abandoned.delete(dir);
    // A test's teardown needs no graceful shutdown: HAProxy and the Patroni members are killed outright,
    // so none of them acts on the others going; each PostgreSQL is told to stop at once (SIGQUIT, an
    // immediate shutdown that takes its backends with it), then etcd goes.
    if (haproxy) await stopAll([haproxy], 0);
    await stopAll(patronis, 0);
    const postmasters = members.flatMap((member) => {
      try {
        return [postmasterPid(member)];
      } catch {
        return [];
      }
    });
    for (const pid of postmasters) signalPid(pid, "SIGQUIT");
    await waitFor(async () => postmasters.every((pid) => !alive(pid)), 10_000, "PostgreSQL stopping").catch(
      () => {},
    );
    if (etcd) await stopAll([etcd], 0);
    for (const pid of leftovers(dir)) signalPid(pid, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const etcdLog = path.join(dir, "etcd.log");
    const etcdDir = path.join(dir, "etcd");
    mkdirSync(etcdDir, { mode: 0o700 });
    if (user) chownSync(etcdDir, user.uid, user.gid);
    const peer = `http://127.0.0.1:${etcdPeerPort}`;
    const client = `http://127.0.0.1:${etcdPort}`;
    etcd = startProcess(
      "etcd",
      [
        "--name=etcd1",
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=${client}`,
        `--advertise-client-urls=${client}`,
        `--listen-peer-urls=${peer}`,
        `--initial-advertise-peer-urls=${peer}`,
        `--initial-cluster=etcd1=${peer}`,
        "--initial-cluster-state=new",
        "--initial-cluster-token=site-test",
        "--log-level=warn",
      ],
      etcdLog,
      user,
    );
    await waitFor(async () => (await fetch(`${client}/health`)).ok, 15_000, "etcd answering");

    for (const member of members) {
      const config = path.join(dir, `${member.name}.yml`);
      writeFileSync(
        config,
        JSON.stringify(
          patroniConfig(member, { scope: "site-test", etcdPort, dir, timings, synchronous }),
          null,
          2,
        ),
      );
      if (user) chownSync(config, user.uid, user.gid);
      writeFileSync(member.log, "");
      if (user) chownSync(member.log, user.uid, user.gid);
      startPatroni(member);
      // The first member bootstraps alone; the second then clones it rather than racing it for the key.
      if (member === members[0]) {
        await waitFor(
          async () => (await fetch(`http://127.0.0.1:${member.restPort}/primary`)).status === 200,
          60_000,
          `${member.name} becoming the primary`,
        );
      }
    }

    const haproxyCfg = path.join(dir, "haproxy.cfg");
    writeFileSync(haproxyCfg, haproxyConfig(haproxyPort, await freePort(), members));
    const adminUrl = `postgres://postgres@127.0.0.1:${haproxyPort}/postgres`;
    haproxy = startProcess("haproxy", ["-db", "-f", haproxyCfg], path.join(dir, "haproxy.log"), null);

    const cluster: PatroniCluster = {
      dir,
      members,
      haproxyPort,
      databaseUrl: `postgres://postgres@127.0.0.1:${haproxyPort}/site`,
      memberUrl: (member) => `postgres://postgres@127.0.0.1:${member.pgPort}/site`,
      async state() {
        for (const member of members) {
          try {
            const response = await fetch(`http://127.0.0.1:${member.restPort}/cluster`, {
              signal: AbortSignal.timeout(1000),
            });
            if (response.ok) return ((await response.json()) as { members: MemberState[] }).members;
          } catch {
            // Try the next member.
          }
        }
        return [];
      },
      async primary() {
        for (const member of members) {
          try {
            const response = await fetch(`http://127.0.0.1:${member.restPort}/primary`, {
              signal: AbortSignal.timeout(1000),
            });
            if (response.status === 200) return member;
          } catch {
            // Not answering: not the primary.
          }
        }
        return undefined;
      },
      postmasterPid,
      async killMember(member) {
        const patroni = patroniOf.get(member);
        const postmaster = postmasterPid(member);
        if (patroni) await stopAll([patroni], 0);
        signalPid(postmaster, "SIGKILL");
        await waitFor(async () => !alive(postmaster), 10_000, `${member.name}'s postmaster exiting`);
      },
      startMember: startPatroni,
      async waitHealthy(timeoutMs = 60_000) {
        await waitFor(
          async () => {
            const states = await cluster.state();
            const leader = states.find((m) => m.role === "leader" && m.state === "running");
            const standby = states.find(
              (m) =>
                m.role === (synchronous ? "sync_standby" : "replica") &&
                (m.state === "streaming" || m.state === "running"),
            );
            if (!leader || !standby) return false;
            // And HAProxy sends a client to the leader.
            const db = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
            await db.connect();
            try {
              const { rows } = await db.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
              return rows[0]?.standby === false;
            } finally {
              await db.end();
            }
          },
          timeoutMs,
          "the cluster becoming healthy (a primary through HAProxy, a streaming standby)",
        );
      },
      stop,
    };
    // HAProxy counts every server up until its checks say otherwise: give them time to mark the
    // standby down (fall 2 × inter 500 ms) before anything is sent through it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await waitFor(
      async () => {
        const db = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
        await db.connect();
        try {
          const { rows } = await db.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
          if (rows[0]?.standby !== false) return false;
          const made = await db.query("SELECT 1 FROM pg_database WHERE datname = 'site'");
          if (made.rowCount === 0) await db.query("CREATE DATABASE site");
          return true;
        } finally {
          await db.end().catch(() => {});
        }
      },
      60_000,
      "the primary answering through HAProxy",
    );
    if (waitForStandby) await cluster.waitHealthy();
    return cluster;
  } catch (error) {
    const logs = ["etcd.log", ...members.map((m) => `${m.name}.log`), "haproxy.log"]
      .map((name) => {
        try {
          return `--- ${name}\n${readFileSync(path.join(dir, name), "utf8").slice(-3000)}`;
        } catch {
          return "";
        }
      })
      .join("\n");
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}

/** One PostgreSQL server on its own, without Patroni or replication: the bench's baseline. */
export type PlainPostgres = { databaseUrl: string; stop(): Promise<void> };

/**
 * Starts a single PostgreSQL 15 in a fresh temporary folder, with the members' settings (checksums,
 * wal_log_hints, the same memory) but no standby, and a `site` database.
 */
export async function startPlainPostgres(): Promise<PlainPostgres> {
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-plain-"));
  chmodSync(dir, 0o700);
  if (user) chownSync(dir, user.uid, user.gid);
  const port = await freePort();
  const dataDir = path.join(dir, "data");
  const log = path.join(dir, "postgres.log");
  writeFileSync(log, "");
  if (user) chownSync(log, user.uid, user.gid);
  const initdb = spawnSync(
    path.join(postgresBin, "initdb"),
    [
      "-D",
      dataDir,
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--data-checksums",
      "--no-sync",
      "-A",
      "trust",
      "-U",
      "postgres",
    ],
    { encoding: "utf8", cwd: dir, ...(user ?? {}) },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stderr}`);
  const server = startProcess(
    path.join(postgresBin, "postgres"),
    [
      "-D",
      dataDir,
      "-c",
      `port=${port}`,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      "shared_buffers=32MB",
      "-c",
      "wal_log_hints=on",
    ],
    log,
    user,
  );
  abandon(dir, () => [server]);
  const stop = async () => {
    abandoned.delete(dir);
    await stopAll([server], 10_000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitFor(
      async () => {
        const db = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
        await db.connect();
        await db.query("CREATE DATABASE site");
        await db.end();
        return true;
      },
      30_000,
      "PostgreSQL accepting connections",
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/site`, stop };
}
