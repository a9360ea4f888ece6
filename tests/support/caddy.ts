// The site as deploy/ runs it, for the deployment test and `npm run bench:deploy`: production server
// processes (server/main.ts) on one database, each started detached with its id in a pid file (as the
// rolling restart expects), and Debian's Caddy in front of them with deploy/Caddyfile as it ships,
// rewritten only for a test: certificates from Caddy's own authority (`tls internal`), high ports, no
// admin API, the processes' ports as its upstreams.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = process.cwd();
export const caddyBinary = process.env.CADDY_PATH ?? "/usr/bin/caddy";

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `check` every 100 ms until it is true (a throw counts as false), or fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** True once the process on `port` answers /readyz with 200. */
export const ready = (port: number) => async () =>
  (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;

/** A working folder, Caddy's two ports, and the environment every server process of it shares. */
export type Deployment = {
  work: string;
  httpPort: number;
  httpsPort: number;
  /** `https://localhost:<httpsPort>`, the site's address through Caddy. */
  publicUrl: string;
  env: Record<string, string>;
};

/**
 * Makes a working folder (pids/, data/), picks Caddy's ports, and sets the production environment the
 * processes share: the database, the keys, `PUBLIC_URL` at Caddy's https address, `TRUST_PROXY`, and
 * rate limits raised because every post comes from this one machine. `env` adds or overrides.
 */
export async function prepareDeployment(databaseUrl: string, env: Record<string, string> = {}) {
  const work = mkdtempSync(path.join(tmpdir(), "site-deploy-"));
  mkdirSync(path.join(work, "pids"));
  mkdirSync(path.join(work, "data"));
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const publicUrl = `https://localhost:${httpsPort}`;
  const deployment: Deployment = {
    work,
    httpPort,
    httpsPort,
    publicUrl,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, "data"),
      NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      IP_HASH_SALT: randomBytes(16).toString("hex"),
      FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT: "100000000",
      CAREERS_RATE_LIMIT: "100000000",
      PASSKEY_CHALLENGE_LIMIT: "10000",
      ...env,
    },
  };
  return deployment;
}

/** The pid file of the process on `port`, one file per port, as the restart command keeps them. */
export const pidFile = (deployment: Deployment, port: number) =>
  path.join(deployment.work, "pids", String(port));

/** The id of the process now running on `port`. */
export const pidOf = (deployment: Deployment, port: number) =>
  Number(readFileSync(pidFile(deployment, port), "utf8").trim());

/** Starts a production server process on a port, detached, its id in its pid file (as the restart command does). */
export function startServerProcess(deployment: Deployment, port: number) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...deployment.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  child.unref();
  writeFileSync(pidFile(deployment, port), String(child.pid));
}

/** Starts a production server process on each port and waits until every one is ready. */
export async function startServerProcesses(deployment: Deployment, ports: number[]) {
  for (const port of ports) startServerProcess(deployment, port);
  for (const port of ports) await waitFor(ready(port), 60_000, `the process on ${port} becoming ready`);
}

/** Stops the processes on these ports (SIGTERM, as systemd does) and waits until each has exited. */
export async function stopServerProcesses(
  deployment: Deployment,
  ports: number[],
  signal: NodeJS.Signals = "SIGTERM",
) {
  const pids: number[] = [];
  for (const port of ports) {
    try {
      const pid = pidOf(deployment, port);
      process.kill(pid, signal);
      pids.push(pid);
    } catch {
      // Never started, or already gone.
    }
  }
  // A process that has exited but that nobody has reaped yet (one the restart command started, whose
  // parent shell is gone) still takes signals: Linux shows it as a zombie, which counts as gone.
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return true;
    }
  };
  await waitFor(async () => !pids.some(alive), 20_000, "the server processes exiting");
}

/** Caddy running in front of the processes. */
export type Caddy = {
  /** Caddy's own root certificate, the one to trust for its https address. */
  caFile: string;
  ca: Buffer;
  /** Stops Caddy and waits until it has exited. */
  stop(): Promise<void>;
};

/** One https GET to Caddy as a browser at `publicUrl` would send it, trusting only `ca`. */
function caddyStatus(deployment: Deployment, ca: Buffer, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: deployment.httpsPort,
        path: urlPath,
        ca,
        agent: false,
        headers: { Host: `localhost:${deployment.httpsPort}` },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}

/**
 * Writes deploy/Caddyfile as it ships, with the test's global options (certificates from Caddy's own
 * authority, a high port for plain HTTP, no admin API, nothing installed into the system's trust
 * store) beside its own server timeouts, its address with a high https port (given in the address,
 * not as https_port: Caddy 2.6 leaves out of its redirect a port that equals https_port, as if it
 * were 443), the given upstreams, and its log in the working folder; starts Caddy and waits until it
 * answers /healthz over https.
 * Caddy's certificate authority is kept in the working folder, so a second Caddy reuses it.
 */
export async function startCaddy(deployment: Deployment, appPorts: number[]): Promise<Caddy> {
  const { work, httpPort, httpsPort } = deployment;
  const shipped = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8");
  const siteBlock = shipped.slice(shipped.indexOf("www.example.co.uk {"));
  // The shipped global options' server settings (its timeouts) are kept as they are.
  const servers = /^\tservers \{\n[\s\S]*?^\t\}\n/m.exec(
    shipped.slice(0, shipped.indexOf("www.example.co.uk {")),
  )?.[0];
  if (!servers) throw new Error("deploy/Caddyfile's global options no longer have a servers block");
  const upstreams = "reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {";
  if (!siteBlock.includes(upstreams)) throw new Error(`deploy/Caddyfile no longer says "${upstreams}"`);
  const caddyfile = `{
\tadmin off
\tlocal_certs
\tskip_install_trust
\thttp_port ${httpPort}
\tstorage file_system ${path.join(work, "caddy")}
${servers}}

${siteBlock
  .replace("www.example.co.uk {", `localhost:${httpsPort} {`)
  .replace("127.0.0.1:3001 127.0.0.1:3002", appPorts.map((port) => `127.0.0.1:${port}`).join(" "))
  .replace("/var/log/caddy/site.log", path.join(work, "caddy-access.log"))}`;
  writeFileSync(path.join(work, "Caddyfile"), caddyfile);
  const child: ChildProcess = spawn(
    caddyBinary,
    ["run", "--config", path.join(work, "Caddyfile"), "--adapter", "caddyfile"],
    {
      env: { PATH: process.env.PATH ?? "", HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let caddyLog = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    caddyLog += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const caFile = path.join(work, "caddy/pki/authorities/local/root.crt");
  try {
    await waitFor(
      async () => (await caddyStatus(deployment, readFileSync(caFile), "/healthz")) === 200,
      30_000,
      "Caddy answering over https",
    );
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${caddyLog}`);
  }
  return { caFile, ca: readFileSync(caFile), stop };
}

/** Deletes the working folder. */
export function removeDeployment(deployment: Deployment) {
  rmSync(deployment.work, { recursive: true, force: true });
}
