import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The server's three secrets: the NI number key, the salt for client addresses, the result-token key. */
export type Secrets = { niKey: Buffer; ipSalt: string; resultSecret: string };

type Overrides = { NI_ENCRYPTION_KEY?: string; IP_HASH_SALT?: string; FORM_RESULT_SECRET?: string };

/**
 * Takes each secret from the environment, or else from `keys.json` in the data
 * folder, generating that file (readable by its owner only) on first start.
 * Losing the file makes stored NI numbers unreadable: back it up with the database.
 */
export function loadSecrets(dataDir: string, env: Overrides): Secrets {
  const file = path.join(dataDir, "keys.json");
  let stored: { niKey?: string; ipSalt?: string; resultSecret?: string } = {};
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, "utf8"));
  }
  const needsFile =
    (!env.NI_ENCRYPTION_KEY && !stored.niKey) ||
    (!env.IP_HASH_SALT && !stored.ipSalt) ||
    (!env.FORM_RESULT_SECRET && !stored.resultSecret);
  if (needsFile) {
    stored = {
      niKey: stored.niKey ?? randomBytes(32).toString("hex"),
      ipSalt: stored.ipSalt ?? randomBytes(24).toString("base64url"),
      resultSecret: stored.resultSecret ?? randomBytes(32).toString("base64url"),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  const niKeyHex = env.NI_ENCRYPTION_KEY ?? stored.niKey;
  const ipSalt = env.IP_HASH_SALT ?? stored.ipSalt;
  const resultSecret = env.FORM_RESULT_SECRET ?? stored.resultSecret;
  if (!niKeyHex || !ipSalt || !resultSecret) throw new Error(`Incomplete key file: ${file}`);
  return { niKey: Buffer.from(niKeyHex, "hex"), ipSalt, resultSecret };
}
