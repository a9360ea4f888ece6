// A PostgreSQL cluster as deploy/ describes it, on loopback, for the failover test and
// `npm run bench:failover`: one etcd member (production runs three), two Patroni members each running
// PostgreSQL 15 from its own data folder, and HAProxy sending one port to whichever member Patroni's REST
// API calls the primary. etcd, Patroni and HAProxy run the files of deploy/ as shipped, secured as
// shipped: the certificates come from deploy/make-certificates.sh, etcd's users from
// deploy/etcd/enable-auth.sh, and every connection is TLS with a client certificate or a password.
// Only what must differ on one machine is swapped: loopback addresses and ports, shorter timings, the
// files' folders, fresh random passwords, one temporary folder for everything. Every process is
// started in a process group of its own and stop() kills each group, so a failed test leaves nothing
// running.
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import https from "node:https";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
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

/** What a client shows the cluster's TLS: the authority's certificate, and its own certificate and key. */
export type TlsClient = { ca: Buffer; cert?: Buffer; key?: Buffer };

/** An HTTPS request's answer. */
export type Answer = { status: number; body: string };

/** How to make an HTTPS request to the cluster (Patroni's REST API, etcd's JSON gateway). */
export type RequestOptions = {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** `user:password` for HTTP basic authentication. */
  auth?: string;
  headers?: Record<string, string>;
  /** The local address to send from: another loopback address stands for another machine. */
  localAddress?: string;
  /** What the client shows; by default the app machine's certificate. */
  tls?: TlsClient;
  timeoutMs?: number;
};

export type PatroniCluster = {
  /** The temporary folder holding every data folder, configuration file, certificate and log. */
  dir: string;
  members: Member[];
  /** HAProxy's port: the one address the application is given. */
  haproxyPort: number;
  /** The etcd member's client URL (https). */
  etcdUrl: string;
  /** The authority's certificate file, as the site's DATABASE_URL names it. */
  caFile: string;
  /** What an app machine shows: the authority's certificate and the app machine's certificate and key. */
  appTls: Required<TlsClient>;
  /** The passwords this cluster was made with: etcd's patroni user, Patroni's REST API, the site's role. */
  passwords: { etcd: string; restApi: string; site: string };
  /** postgres:// URL of the `site` database through HAProxy, over TLS checking the server's certificate. */
  databaseUrl: string;
  /** The same for another of the cluster's databases (see `databases`). */
  urlOf(database: string): string;
  /** postgres:// URL of the `site` database on one member directly, bypassing HAProxy. */
  memberUrl(member: Member): string;
  /** A request to a member's Patroni REST API; `auth: true` sends the REST API's user and password. */
  api(
    member: Member,
    path: string,
    options?: Omit<RequestOptions, "auth"> & { auth?: boolean },
  ): Promise<Answer>;
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

/** An HTTPS request with a client certificate (or none), for Patroni's REST API and etcd's gateway. */
export function httpsRequest(url: string, options: RequestOptions & { tls: TlsClient }): Promise<Answer> {
  const { tls } = options;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: options.method ?? "GET",
      ca: tls.ca,
      cert: tls.cert,
      key: tls.key,
      auth: options.auth,
      localAddress: options.localAddress,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      // A connection of its own each time: what one request showed is never reused for the next.
      agent: false,
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

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

/** The example addresses of the shipped files (db1, db2, db3 and the app machines): all loopback here. */
const exampleAddress = /\b10\.0\.0\.\d+\b/g;

/** A fresh random password, different for every cluster. */
const password = () => randomBytes(12).toString("hex");

/**
 * Where the test keeps what a shipped file expects in a machine's TLS folder (/etc/patroni/tls/ and the
 * like): the authority's certificate, and the certificate and key made for `machine`.
 */
function tlsFile(file: string, folder: string, machine: string): string {
  const name = path.basename(file);
  if (name === "ca.crt") return path.join(folder, "ca.crt");
  if (name === "server.crt" || name === "client.crt") return path.join(folder, `${machine}.crt`);
  if (name === "server.key" || name === "client.key") return path.join(folder, `${machine}.key`);
  if (name === "client.pem") return path.join(folder, `${machine}.pem`);
  throw new Error(`No test stand-in for the shipped TLS file ${file}`);
}

/** Every string in `value` that names a file in `shippedFolder` swapped for the test's (tlsFile). */
function swapTlsFiles<T>(value: T, shippedFolder: string, folder: string, machine: string): T {
  if (typeof value === "string" && value.startsWith(shippedFolder))
    return tlsFile(value, folder, machine) as T;
  if (Array.isArray(value)) return value.map((v) => swapTlsFiles(v, shippedFolder, folder, machine)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, swapTlsFiles(v, shippedFolder, folder, machine)]),
    ) as T;
  return value;
}

/**
 * deploy/etcd/etcd.env as the environment of a one-member etcd on loopback: the shipped settings (TLS,
 * client certificates for clients and members, the members' name) with only the name, the folders, the
 * addresses and ports swapped. Debian's service reads the file as its environment; so does the test.
 */
function etcdEnvironment(cluster: {
  dir: string;
  tls: string;
  machine: string;
  clientPort: number;
  peerPort: number;
}): Record<string, string> {
  const shipped: Record<string, string> = {};
  for (const line of readFileSync(deployFile("etcd/etcd.env"), "utf8").split("\n")) {
    const setting = /^(ETCD_[A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (setting?.[1]) shipped[setting[1]] = setting[2] ?? "";
  }
  // The shipped URL with its host and port swapped (the first of a list: one listener is enough here).
  const at = (key: string, port: number) => {
    const url = shipped[key]?.split(",")[0];
    if (!url?.startsWith("https://")) throw new Error(`deploy/etcd/etcd.env's ${key} is no longer https`);
    const swapped = new URL(url);
    swapped.host = `127.0.0.1:${port}`;
    return swapped.origin;
  };
  const peer = at("ETCD_LISTEN_PEER_URLS", cluster.peerPort);
  const client = at("ETCD_LISTEN_CLIENT_URLS", cluster.clientPort);
  const swaps: Record<string, string> = {
    ETCD_NAME: "etcd1",
    ETCD_DATA_DIR: path.join(cluster.dir, "etcd"),
    ETCD_LISTEN_PEER_URLS: peer,
    ETCD_LISTEN_CLIENT_URLS: client,
    ETCD_INITIAL_ADVERTISE_PEER_URLS: peer,
    ETCD_ADVERTISE_CLIENT_URLS: client,
    ETCD_INITIAL_CLUSTER: `etcd1=${peer}`,
    ETCD_INITIAL_CLUSTER_TOKEN: "site-test",
  };
  for (const [key, value] of Object.entries(swaps)) {
    if (!(key in shipped)) throw new Error(`deploy/etcd/etcd.env no longer sets ${key}`);
    shipped[key] = value;
  }
  return {
    ...swapTlsFiles(shipped, "/etc/etcd/tls/", cluster.tls, cluster.machine),
    ETCD_LOG_LEVEL: "warn",
  };
}

type PatroniYaml = {
  scope: string;
  name: string;
  restapi: Record<string, unknown> & { allowlist?: string[]; authentication: { password: string } };
  etcd3: Record<string, unknown>;
  bootstrap: {
    dcs: Record<string, unknown> & { postgresql: { parameters: Record<string, unknown> } };
    initdb: unknown[];
  };
  postgresql: Record<string, unknown> & {
    parameters: Record<string, unknown>;
    pg_hba: string[];
    authentication: Record<"superuser" | "replication" | "rewind", Record<string, string>>;
  };
};

/** The cluster-wide settings every member's configuration is made from. */
type ClusterSettings = {
  scope: string;
  etcdPort: number;
  dir: string;
  tls: string;
  timings: Timings;
  synchronous: boolean;
  /** The database superuser: the system user PostgreSQL runs as, so that peer authentication admits it. */
  superuser: string;
  databases: string[];
  passwords: { etcd: string; restApi: string; postgres: string };
};

/**
 * deploy/patroni/patroni.yml with only what must differ on one machine swapped: the names, loopback
 * addresses and ports, the folders (data, sockets, TLS files), the timings, fresh passwords, and no
 * waiting for the disk. Its TLS, client certificates, allowlist, authentication and pg_hba stay as
 * shipped, their addresses made loopback. Read with Python's YAML parser, which Patroni itself
 * depends on.
 */
function patroniConfig(member: Member, cluster: ClusterSettings): PatroniYaml {
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
  const config = swapTlsFiles(
    JSON.parse(read.stdout) as PatroniYaml,
    "/etc/patroni/tls/",
    cluster.tls,
    member.name,
  );
  const { timings, passwords } = cluster;
  config.scope = cluster.scope;
  config.name = member.name;
  Object.assign(config.restapi, {
    listen: `127.0.0.1:${member.restPort}`,
    connect_address: `127.0.0.1:${member.restPort}`,
    allowlist: [...new Set(config.restapi.allowlist?.map((a) => a.replace(exampleAddress, "127.0.0.1")))],
  });
  config.restapi.authentication.password = passwords.restApi;
  Object.assign(config.etcd3, { hosts: [`127.0.0.1:${cluster.etcdPort}`], password: passwords.etcd });
  Object.assign(config.bootstrap.dcs, {
    ttl: timings.ttl,
    loop_wait: timings.loopWait,
    retry_timeout: timings.retryTimeout,
    synchronous_mode: cluster.synchronous,
  });
  // A throwaway cluster need not wait for initdb's files to reach the disk.
  config.bootstrap.initdb.push("no-sync");
  const { authentication } = config.postgresql;
  authentication.superuser.username = cluster.superuser;
  for (const role of ["superuser", "replication", "rewind"] as const)
    authentication[role].password = passwords.postgres;
  // The shipped rules with loopback for every machine (so repeated lines once), the superuser named as
  // here, and the bench's extra databases beside `site`.
  const hba = config.postgresql.pg_hba.map((line) =>
    line
      .replace(exampleAddress, "127.0.0.1")
      .replace(/^local all postgres peer$/, `local all ${cluster.superuser} peer`)
      .replace(/^hostssl site site /, `hostssl ${cluster.databases.join(",")} site `),
  );
  if (!hba.some((line) => line.startsWith(`hostssl ${cluster.databases.join(",")} site `)))
    throw new Error("deploy/patroni/patroni.yml no longer lets the site's user in with hostssl");
  Object.assign(config.postgresql, {
    listen: `127.0.0.1:${member.pgPort}`,
    connect_address: `127.0.0.1:${member.pgPort}`,
    data_dir: member.dataDir,
    bin_dir: process.env.POSTGRES_BIN ?? config.postgresql.bin_dir,
    pgpass: path.join(cluster.dir, `${member.name}.pgpass`),
    // A new standby copies the primary at once (a fast checkpoint), and the copy need not reach the
    // disk before it starts: a test has no power cut to survive.
    basebackup: [{ checkpoint: "fast" }, "no-sync"],
    pg_hba: [...new Set(hba)],
  });
  Object.assign(config.postgresql.parameters, {
    unix_socket_directories: cluster.dir,
    // A small test cluster on a shared machine: little memory.
    shared_buffers: "32MB",
  });
  return config;
}

/** Replaces `from` in `text`, or throws: the shipped file no longer reads as the test expects. */
function swap(text: string, from: string | RegExp, to: string | ((...match: string[]) => string)): string {
  const swapped = text.replace(from, to as string);
  if (swapped === text) throw new Error(`deploy/haproxy/haproxy.cfg no longer has ${String(from)}`);
  return swapped;
}

/**
 * deploy/haproxy/haproxy.cfg rewritten for a test: in the foreground as this user (no chroot, user,
 * daemon, system log or admin socket), loopback ports, the test's members and TLS files, and checks
 * every 500 ms. The checks' TLS (the app machine's certificate, the members' checked) stays as shipped.
 */
function haproxyConfig(
  port: number,
  statsPort: number,
  members: Member[],
  tls: string,
  machine: string,
): string {
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
  text = swap(text, /\/etc\/haproxy\/tls\/[^\s]+/g, (file) => tlsFile(file, tls, machine));
  // Each shipped member's line (db1, db2) for the test's member in its place, whatever else it says.
  members.forEach((member, i) => {
    text = swap(
      text,
      new RegExp(`^(\\s*server )db${i + 1} 10\\.0\\.0\\.\\d+:5432 (.*)$`, "m"),
      (_line, start, rest) =>
        `${start}${member.name} 127.0.0.1:${member.pgPort} ${(rest ?? "")
          .replace(/\bport 8008\b/, `port ${member.restPort}`)
          .replace(new RegExp(`\\bdb${i + 1}\\b`, "g"), member.name)}`,
    );
  });
  return text;
}

/**
 * Runs a shipped script (sh), as `user` when given; throws with its output if it fails. The script is
 * copied into `cwd` (the cluster's folder) first: the postgres user may not enter the folder the tests run
 * from (a clone in a private temporary folder), so it could not read the script where it is.
 */
async function runScript(
  script: string,
  args: string[],
  options: { user: { uid: number; gid: number } | null; cwd: string; env?: Record<string, string> },
): Promise<void> {
  // A copy of its own for each run, as several run at once.
  const copy = path.join(options.cwd, `.${randomBytes(4).toString("hex")}-${path.basename(script)}`);
  copyFileSync(deployFile(script), copy);
  chmodSync(copy, 0o644);
  try {
    await promisify(execFile)("sh", [copy, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", ...options.env },
      ...(options.user ?? {}),
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`deploy/${script} ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}`);
  } finally {
    rmSync(copy, { force: true });
  }
}

/**
 * Starts etcd, two Patroni members and HAProxy in a fresh temporary folder and waits until the primary
 * answers through HAProxy and the standby streams synchronously (or, with `synchronous: false`, streams).
 * Makes the site's role and its databases (`site`, and any others asked for), as
 * docs/database-failover.md has the operator do.
 */
export async function startPatroniCluster({
  timings = testTimings,
  synchronous = true,
  waitForStandby = true,
  databases = ["site"],
}: {
  timings?: Timings;
  synchronous?: boolean;
  /** False: return once the primary answers through HAProxy, and let the caller waitHealthy() meanwhile. */
  waitForStandby?: boolean;
  /** The databases the site's role owns and may reach: `site` first, then any the bench needs. */
  databases?: string[];
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
  const passwords = { etcd: password(), restApi: password(), site: password() };
  const tls = path.join(dir, "tls");
  // The app machine HAProxy runs on, and whose certificate the test shows as a client.
  const app = "app";
  const superuser = user ? "postgres" : userInfo().username;
  const settings: ClusterSettings = {
    scope: "site-test",
    etcdPort,
    dir,
    tls,
    timings,
    synchronous,
    superuser,
    databases,
    passwords: { etcd: passwords.etcd, restApi: passwords.restApi, postgres: password() },
  };

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
    // The authority, then each machine's certificate: the first member's names etcd-member too, as it
    // runs the etcd member. Made as the user that runs etcd, Patroni and PostgreSQL, so the keys are
    // that user's and private, as PostgreSQL insists.
    await runScript("make-certificates.sh", [tls, "ca"], { user, cwd: dir });
    await Promise.all([
      runScript("make-certificates.sh", [tls, "server", "pg1", "127.0.0.1", "etcd-member"], {
        user,
        cwd: dir,
      }),
      runScript("make-certificates.sh", [tls, "server", "pg2", "127.0.0.1"], { user, cwd: dir }),
      runScript("make-certificates.sh", [tls, "client", app], { user, cwd: dir }),
    ]);
    const appTls = {
      ca: readFileSync(path.join(tls, "ca.crt")),
      cert: readFileSync(path.join(tls, `${app}.crt`)),
      key: readFileSync(path.join(tls, `${app}.key`)),
    };

    const etcdUrl = `https://127.0.0.1:${etcdPort}`;
    mkdirSync(path.join(dir, "etcd"), { mode: 0o700 });
    if (user) chownSync(path.join(dir, "etcd"), user.uid, user.gid);
    etcd = startProcess(
      "etcd",
      [],
      path.join(dir, "etcd.log"),
      user,
      etcdEnvironment({ dir, tls, machine: "pg1", clientPort: etcdPort, peerPort: etcdPeerPort }),
    );
    await waitFor(
      async () => (await httpsRequest(`${etcdUrl}/health`, { tls: appTls })).status === 200,
      15_000,
      "etcd answering",
    );
    // etcd's users, as the operator turns them on: root, and patroni reaching only this scope's keys.
    await runScript("etcd/enable-auth.sh", [settings.scope], {
      user,
      cwd: dir,
      env: {
        ETCDCTL_ENDPOINTS: etcdUrl,
        ETCDCTL_CACERT: path.join(tls, "ca.crt"),
        ETCDCTL_CERT: path.join(tls, "pg1.crt"),
        ETCDCTL_KEY: path.join(tls, "pg1.key"),
        ETCD_ROOT_PASSWORD: password(),
        ETCD_PATRONI_PASSWORD: passwords.etcd,
      },
    });

    const api = (
      member: Member,
      apiPath: string,
      options: Omit<RequestOptions, "auth"> & { auth?: boolean } = {},
    ) =>
      httpsRequest(`https://127.0.0.1:${member.restPort}${apiPath}`, {
        tls: appTls,
        ...options,
        auth: options.auth ? `patroni:${passwords.restApi}` : undefined,
      });
    let siteMade: Promise<unknown> = Promise.resolve();
    for (const member of members) {
      const config = path.join(dir, `${member.name}.yml`);
      writeFileSync(config, JSON.stringify(patroniConfig(member, settings), null, 2), { mode: 0o600 });
      if (user) chownSync(config, user.uid, user.gid);
      writeFileSync(member.log, "");
      if (user) chownSync(member.log, user.uid, user.gid);
      startPatroni(member);
      // The first member bootstraps alone; the second then clones it rather than racing it for the key.
      if (member === members[0]) {
        await waitFor(
          async () => (await api(member, "/primary")).status === 200,
          60_000,
          `${member.name} becoming the primary`,
        );
        // The site's role and databases, made by the superuser through the socket, as only it may,
        // while the second member starts.
        siteMade = promisify(execFile)(
          path.join(postgresBin, "psql"),
          [
            "-X",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-h",
            dir,
            "-p",
            String(member.pgPort),
            "-U",
            superuser,
            "-d",
            "postgres",
            "-c",
            `CREATE ROLE site LOGIN PASSWORD '${passwords.site}'`,
            ...databases.flatMap((database) => ["-c", `CREATE DATABASE ${database} OWNER site`]),
          ],
          { cwd: dir, ...(user ?? {}) },
        ).catch((error: { stderr?: string }) => {
          throw new Error(`Making the site's role and databases failed:\n${error.stderr ?? String(error)}`);
        });
        // Awaited below; a failure meanwhile must not go unhandled.
        siteMade.catch(() => {});
      }
    }

    const haproxyCfg = path.join(dir, "haproxy.cfg");
    writeFileSync(haproxyCfg, haproxyConfig(haproxyPort, await freePort(), members, tls, app));
    haproxy = startProcess("haproxy", ["-db", "-f", haproxyCfg], path.join(dir, "haproxy.log"), null);
    await siteMade;

    const caFile = path.join(tls, "ca.crt");
    const urlOf = (database: string, port = haproxyPort) =>
      `postgres://site:${passwords.site}@127.0.0.1:${port}/${database}?sslmode=verify-full&sslrootcert=${caFile}`;
    const databaseUrl = urlOf("site");
    const cluster: PatroniCluster = {
      dir,
      members,
      haproxyPort,
      etcdUrl,
      caFile,
      appTls,
      passwords,
      databaseUrl,
      urlOf: (database) => urlOf(database),
      memberUrl: (member) => urlOf("site", member.pgPort),
      api,
      async state() {
        for (const member of members) {
          try {
            const response = await api(member, "/cluster", { timeoutMs: 1000 });
            if (response.status === 200)
              return (JSON.parse(response.body) as { members: MemberState[] }).members;
          } catch {
            // Try the next member.
          }
        }
        return [];
      },
      async primary() {
        for (const member of members) {
          try {
            if ((await api(member, "/primary", { timeoutMs: 1000 })).status === 200) return member;
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
            return (await inRecovery(databaseUrl)) === false;
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
      async () => (await inRecovery(databaseUrl)) === false,
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

/** Whether the server a URL reaches is a standby (true) or the primary (false). */
async function inRecovery(url: string): Promise<boolean | undefined> {
  const db = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  await db.connect();
  try {
    const { rows } = await db.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
    return rows[0]?.standby;
  } finally {
    await db.end().catch(() => {});
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
