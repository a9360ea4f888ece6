// The part of the clamscan package this server uses: a clamd client that streams a file over clamd's
// socket (see server/scanning/clamd.ts). The package ships no types of its own.
declare module "clamscan" {
  import type { Readable } from "node:stream";

  type ClamdSettings = {
    socket?: string | false;
    host?: string | false;
    port?: number | false;
    timeout?: number;
    /** The clamdscan binary; null for none, so nothing is ever run on this machine. */
    path?: string | null;
    localFallback?: boolean;
    active?: boolean;
    bypassTest?: boolean;
  };

  type Options = {
    preference?: "clamdscan" | "clamscan";
    removeInfected?: boolean;
    debugMode?: boolean;
    clamscan?: { active?: boolean; path?: string | null };
    clamdscan?: ClamdSettings;
  };

  /** isInfected is null when clamd answered something that is neither "OK" nor "FOUND". */
  type ScanResult = { isInfected: boolean | null; viruses: string[]; resultString?: string };

  export default class NodeClam {
    init(options?: Options): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<ScanResult>;
  }
}
