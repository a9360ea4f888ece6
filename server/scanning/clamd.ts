import { Readable } from "node:stream";
import NodeClam from "clamscan";

/** Where the ClamAV daemon listens: its local socket, or its host and port. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

/** What the scanner said of one file. */
export type Verdict = { infected: false } | { infected: true; found: string };

/** Reads one file's bytes and says whether they hold malware; throws ScannerUnreachable when it cannot ask. */
export type Scan = (content: Uint8Array) => Promise<Verdict>;

/** The scanner could not be reached (not running, refusing, or silent): the file waits and is tried again. */
export class ScannerUnreachable extends Error {
  override name = "ScannerUnreachable";
}

/** clamd's default TCP port. */
export const clamdDefaultPort = 3310;

/** The scanner's address from the environment, or null when none is configured (the default). */
export function clamdAddress(env: {
  CLAMD_SOCKET?: string | undefined;
  CLAMD_HOST?: string | undefined;
  CLAMD_PORT?: number | undefined;
}): ClamdAddress | null {
  if (env.CLAMD_SOCKET) return { socket: env.CLAMD_SOCKET };
  if (env.CLAMD_HOST) return { host: env.CLAMD_HOST, port: env.CLAMD_PORT ?? clamdDefaultPort };
  return null;
}

// Errors that mean the daemon was never asked, or stopped answering: nothing was learnt about the file.
const connectionErrors = new Set([
  "ENOENT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EACCES",
]);

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && connectionErrors.has(code)) return true;
  return error instanceof Error && /timed out/i.test(error.message);
}

/** The bytes in pieces of 64 KB, so a file is streamed to the daemon rather than sent in one write. */
function* pieces(content: Uint8Array): Generator<Buffer> {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  for (let start = 0; start < bytes.length; start += 64 * 1024)
    yield bytes.subarray(start, start + 64 * 1024);
}

/**
 * A scan through clamd's INSTREAM command with the clamscan package, over the daemon's socket only
 * (no clamscan or clamdscan binary is looked for or run here). A scan that takes longer than
 * `timeoutMs` counts as the scanner being unreachable.
 */
export function createClamdScan(address: ClamdAddress, { timeoutMs = 60_000 } = {}): Scan {
  let client: Promise<NodeClam> | null = null;
  function connect(): Promise<NodeClam> {
    client ??= new NodeClam()
      .init({
        preference: "clamdscan",
        removeInfected: false,
        clamscan: { active: false, path: null },
        clamdscan: {
          ...("socket" in address ? { socket: address.socket } : { host: address.host, port: address.port }),
          timeout: timeoutMs,
          path: null,
          localFallback: false,
          active: true,
          // Reachability is learnt from each scan, so a daemon that is down at start is not an error.
          bypassTest: true,
        },
      })
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
    return client;
  }

  return async (content) => {
    const clam = await connect();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ScannerUnreachable("the scanner did not answer in time")),
        timeoutMs,
      );
    });
    try {
      const result = await Promise.race([clam.scanStream(Readable.from(pieces(content))), late]);
      if (result.isInfected === true)
        return { infected: true, found: result.viruses.join(", ") || "malware" };
      if (result.isInfected === false) return { infected: false };
      throw new Error(`the scanner gave no verdict: ${String(result.resultString ?? "").slice(0, 200)}`);
    } catch (error) {
      if (error instanceof ScannerUnreachable) throw error;
      if (isConnectionError(error)) {
        throw new ScannerUnreachable(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
