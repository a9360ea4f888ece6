// The personal-data lifecycle from the command line, with the same environment as the server:
//   npm run data -- purge [--dry-run] [--as-of <ISO date>]
//   npm run data -- erase <email>
//   npm run data -- rotate-key
//   npm run data -- backup-key <identity file>
//   npm run data -- seal-key
//   npm run data -- backup <file> [--plaintext]
//   npm run data -- restore <file> [--identity <file>] [--without-ledger]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";
import { housekeepingWindows } from "../server/housekeeping.ts";
import { niKeyId } from "../server/leads/protect.ts";
import { rotateNiKey } from "../server/leads/rotate-ni-key.ts";
import { backupDatabase, recordBackup, restoreDatabase } from "../server/lifecycle/backup.ts";
import { newBackupKey } from "../server/lifecycle/backup-seal.ts";
import { describeCounts, eraseByEmail } from "../server/lifecycle/erase.ts";
import { ledgerFor } from "../server/lifecycle/ledger.ts";
import { purge } from "../server/lifecycle/purge.ts";
import { replayLedger } from "../server/lifecycle/replay.ts";
import { reclaimSpace } from "../server/lifecycle/storage.ts";
import { loadBackupSealKeys, loadSecrets } from "../server/secrets.ts";

const usage = `Usage:
  npm run data -- purge [--dry-run] [--as-of <ISO date>]   Delete what the retention rules say is due
                                                           (--dry-run: only list it, and why;
                                                           --as-of: as if today were that date)
  npm run data -- erase <email>                            Erase everything held about an e-mail address
  npm run data -- rotate-key                               Re-encrypt every stored NI number under the
                                                           current key (NI_ENCRYPTION_KEY), reading old
                                                           ones with the previous keys; see docs/keys.md
  npm run data -- backup-key <identity file>               Make the key pair backups are encrypted to:
                                                           prints the public key for BACKUP_RECIPIENT and
                                                           writes the private one to the file, which is
                                                           then moved off the server
  npm run data -- seal-key                                 Print the key backups are sealed with now
                                                           (BACKUP_SEAL_KEY, or before it was set the one
                                                           derived from FORM_RESULT_SECRET), to move it
                                                           into BACKUP_SEAL_KEY or _PREVIOUS; see
                                                           docs/keys.md
  npm run data -- backup <file> [--plaintext]              A consistent copy of the database while the
                                                           site runs (uploaded files included, keys not),
                                                           encrypted to BACKUP_RECIPIENT (--plaintext:
                                                           unencrypted, when there is none)
  npm run data -- restore <file> [--identity <file>]       Check a backup was sealed by this installation
                          [--without-ledger]               (BACKUP_SEAL_KEY or a key in
                                                           BACKUP_SEAL_KEY_PREVIOUS) and holds only the
                                                           site's own schema, restore
                                                           it into an empty database, then delete again
                                                           everything erased or purged since (the erasure
                                                           ledger; --without-ledger when it is lost)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean", default: false },
        "as-of": { type: "string" },
        identity: { type: "string" },
        "without-ledger": { type: "boolean", default: false },
        plaintext: { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const [command, argument, ...extra] = positionals;
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!command) fail("Say what to do.");
if (extra.length > 0) fail(`Unexpected: ${extra.join(" ")}`);

/** An ISO 8601 date or date and time ("2027-03-01", "2027-03-01T09:00:00Z"); a bare date is midnight UTC. */
function parseDate(value: string): number {
  const shape = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
  const ms = shape.test(value) ? Date.parse(value) : Number.NaN;
  // Date.parse rolls 30 February over into March; a date that does not exist is refused instead.
  const date = value.slice(0, 10);
  const real = !Number.isNaN(ms) && new Date(Date.parse(date)).toISOString().startsWith(date);
  if (!real) fail(`--as-of needs an ISO date such as 2027-03-01 or 2027-03-01T09:00:00Z, not "${value}".`);
  return ms;
}

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

if (command === "purge") {
  if (argument) fail(`Unexpected: ${argument}`);
} else if (command === "erase") {
  if (values["dry-run"] || values["as-of"]) fail("--dry-run and --as-of go with purge only.");
  if (!argument || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(argument.trim()))
    fail("Give the e-mail address to erase.");
} else if (command === "rotate-key" || command === "seal-key") {
  if (argument) fail(`Unexpected: ${argument}`);
  if (values["dry-run"] || values["as-of"]) fail("--dry-run and --as-of go with purge only.");
} else if (command === "backup" || command === "restore" || command === "backup-key") {
  if (!argument)
    fail(
      command === "backup-key"
        ? "Give the file to write the private key to."
        : `Give the file to ${command === "backup" ? "write the backup to" : "restore from"}.`,
    );
  if (values["dry-run"] || values["as-of"]) fail("--dry-run and --as-of go with purge only.");
} else {
  fail(`Unknown command: ${command}`);
}
if (values.plaintext && command !== "backup") fail("--plaintext goes with backup only.");
if ((values.identity !== undefined || values["without-ledger"]) && command !== "restore")
  fail("--identity and --without-ledger go with restore only.");
const asOf = values["as-of"] === undefined ? Date.now() : parseDate(values["as-of"]);

if (command === "backup-key" && argument) {
  // The private key is written once, readable by its owner only, and never over another.
  const { identity, recipient } = await newBackupKey();
  try {
    writeFileSync(
      argument,
      `# Opens this site's backups: keep it off the server, with the other keys (docs/keys.md).\n# public key: ${recipient}\n${identity}\n`,
      { flag: "wx", mode: 0o600 },
    );
  } catch (error) {
    process.stderr.write(
      (error as NodeJS.ErrnoException).code === "EEXIST"
        ? `${argument} already exists; give a new file name.\n`
        : `The key could not be written: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `${recipient}\n\nPut that public key in the server's settings as BACKUP_RECIPIENT=${recipient}\nThe private key is in ${argument}: move it off the server, into the company's password manager with the other keys. Without it no backup can be restored; with it, anyone can read them.\n`,
  );
  process.exit(0);
}

const env = parseEnv();
/** The backups' seal keys: BACKUP_SEAL_KEY (and _PREVIOUS), or where there is none yet, as before it existed. */
const sealKeys = () => loadBackupSealKeys(env.DATA_DIR, env);
if (command === "seal-key") {
  const keys = sealKeys();
  process.stdout.write(`${keys.current.toString("hex")}\n`);
  process.stderr.write(
    keys.fromLinkSecret
      ? "That is the key derived from FORM_RESULT_SECRET that seals the backups so far. Set it as BACKUP_SEAL_KEY in the backup's settings (and remove FORM_RESULT_SECRET there), and the link secret can change without touching a backup; see docs/keys.md.\n"
      : "That is the backups' own seal key (BACKUP_SEAL_KEY, or keys.json's backupSealKey), which seals new backups. Keep a copy off the server, with the other keys.\n",
  );
  process.exit(0);
}
if (command === "backup" && argument) {
  const recipient = env.BACKUP_RECIPIENT ?? null;
  if (recipient && values.plaintext)
    fail("BACKUP_RECIPIENT is set, so backups are encrypted: drop --plaintext.");
  // Never unencrypted by accident (a settings file with the key left blank): only when asked by name.
  if (!recipient && !values.plaintext) {
    process.stderr.write(
      "The backup was not written: BACKUP_RECIPIENT is not set, and an unencrypted copy of every CV and address is written only when asked for with --plaintext. Make a key with `npm run data -- backup-key <file>`.\n",
    );
    process.exit(1);
  }
  try {
    const keys = sealKeys();
    const { bytes } = await backupDatabase(env.DATABASE_URL, argument, { key: keys.current, recipient });
    process.stdout.write(
      `Backed up the database to ${argument} (${(bytes / 1024 / 1024).toFixed(1)} MB), ${recipient ? "encrypted to BACKUP_RECIPIENT" : "unencrypted, as --plaintext asked"}. The keys are not in it: keep them apart.\n`,
    );
    // The monitoring and the Health page know a backup only by this record: a backup that cannot write
    // it fails, so the unit's journal says why before the missing-backup alert does.
    try {
      await recordBackup(env.DATABASE_URL, Date.now());
    } catch (error) {
      process.stderr.write(
        `The backup is in ${argument}, but the time it finished could not be recorded in the database (${(error as Error).message}): /metrics and the Health page will go on saying the last backup is older.\n`,
      );
      process.exit(1);
    }
    // Said where the nightly unit's journal shows it, until the backups have a key of their own.
    if (keys.fromLinkSecret && env.FORM_RESULT_SECRET) {
      process.stderr.write(
        "Note: this backup is sealed with a key derived from FORM_RESULT_SECRET. Give backups their own, BACKUP_SEAL_KEY, so the backup needs no link secret (npm run data -- seal-key; docs/keys.md).\n",
      );
    }
    process.exit(0);
  } catch (error) {
    process.stderr.write(`The backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
const withoutLedger = values["without-ledger"];
if (command === "restore" && argument) {
  // The ledger first: without it, everyone erased since the backup would silently come back.
  const ledgerFile = ledgerFor(env, "").file;
  if (!withoutLedger && !existsSync(ledgerFile)) {
    process.stderr.write(
      `Nothing was restored: there is no erasure ledger at ${ledgerFile}, and without it everyone erased since the backup was taken would come back. Copy the ledger there (or set ERASURE_LEDGER), or, if it is truly lost, run again with --without-ledger.\n`,
    );
    process.exit(1);
  }
  if (withoutLedger && existsSync(ledgerFile))
    fail(`There is an erasure ledger at ${ledgerFile}: restore with it, without --without-ledger.`);
  try {
    let identity: string | null = null;
    if (values.identity !== undefined) {
      const file = values.identity;
      const text = (() => {
        try {
          return readFileSync(file, "utf8");
        } catch {
          return "";
        }
      })();
      identity = /^AGE-SECRET-KEY-1[0-9A-Z]+$/m.exec(text)?.[0] ?? null;
      if (!identity) throw new Error(`${values.identity} is not an identity file made by backup-key.`);
    }
    const keys = sealKeys();
    await restoreDatabase(env.DATABASE_URL, argument, { keys: [keys.current, ...keys.previous], identity });
  } catch (error) {
    process.stderr.write(`Nothing was restored: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
const db = openDatabase(env.DATABASE_URL);
const ledger = () => ledgerFor(env, loadSecrets(env.DATA_DIR, env).ipSalt);
try {
  await migrate(db);
  if (command === "purge") {
    const dryRun = values["dry-run"];
    const report = await purge(db, {
      asOf,
      dryRun,
      ...housekeepingWindows(env),
      ledger: dryRun ? undefined : ledger(),
    });
    if (!report.ran) {
      process.stdout.write(
        "Another process is purging right now; nothing was done. Try again in a few minutes.\n",
      );
    } else {
      const when = `as of ${new Date(asOf).toISOString()}`;
      process.stdout.write(
        report.leads.length === 0
          ? `No enquiry or application is due for deletion ${when}.\n`
          : `${dryRun ? "Would delete" : "Deleted"} ${report.leads.length} ${report.leads.length === 1 ? "lead" : "leads"} ${when}:\n`,
      );
      for (const lead of report.leads) {
        process.stdout.write(
          `  ${lead.reference}\t${lead.kind}\t${lead.status}\tdue ${day.format(lead.deleteAt)}\t${lead.because}\n`,
        );
      }
      if (!dryRun && report.leads.length > 0)
        process.stdout.write(`  That is ${describeCounts(report.deleted)}.\n`);
      if (report.stopped === "lease-lost") {
        process.stdout.write(
          "Stopped part-way: this purge was held up past its lease and another process took over the rest.\n",
        );
      }
      const h = report.housekeeping;
      process.stdout.write(
        `${dryRun ? "Would also delete" : "Also deleted"}: ${h.sessions} ended sessions, ${h.invitations} used or expired invitations, ${h.challenges} expired passkey challenges, ${h.rateLimits} old rate-limit counters, ${h.mailboxes} mailboxes' acknowledgement counts over a day old, ${h.staffMail} records of staff's e-mails and cap alerts over a day old.\n`,
      );
    }
  } else if (command === "rotate-key") {
    const { niKeys } = loadSecrets(env.DATA_DIR, env);
    const id = niKeyId(niKeys.current);
    const report = await rotateNiKey(db, niKeys, {
      onBatch: (progress) => {
        process.stdout.write(`  ${progress.reencrypted} re-encrypted so far\n`);
      },
    });
    process.stdout.write(
      `Re-encrypted ${report.reencrypted} NI ${report.reencrypted === 1 ? "number" : "numbers"} under key ${id}; ${report.current} ${report.current === 1 ? "was" : "were"} under it already.\n`,
    );
    if (report.unreadable.length > 0) {
      process.stdout.write(
        `${report.unreadable.length} could not be read with the current or any previous key and were left as they are: ${report.unreadable.join(", ")}. Add the key they were encrypted with to NI_ENCRYPTION_KEY_PREVIOUS and run this again.\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(
        "Every NI number is under the current key: the previous keys may now be removed.\n",
      );
    }
  } else if (command === "restore") {
    // Before anything is served: every erasure and retention deletion made since the backup was
    // taken, again, then the retention rules as of today.
    const replayed = await replayLedger(db, ledger(), asOf, (line) => {
      process.stderr.write(
        `Warning: line ${line} of the erasure ledger is incomplete (a write cut short) and was skipped.\n`,
      );
    });
    const report = await purge(db, {
      asOf,
      ...housekeepingWindows(env),
      ledger: ledger(),
    });
    if (replayed.records > 0 || report.deleted.records > 0) await reclaimSpace(db);
    process.stdout.write(
      withoutLedger
        ? `Restored ${argument} without the erasure ledger: anyone erased since the backup was taken is back in the database. Erase them again (npm run data -- erase <email>) before staff use the site. The retention rules deleted ${describeCounts(report.deleted)}.\n`
        : `Restored ${argument}. The erasure ledger deleted ${describeCounts(replayed)} again; the retention rules deleted ${describeCounts(report.deleted)}. The site can start.\n`,
    );
  } else if (argument) {
    const result = await eraseByEmail(db, argument, { now: asOf, staffId: null, ledger: ledger() });
    if (result.records > 0 || result.emails > 0) await reclaimSpace(db);
    process.stdout.write(
      result.records === 0 && result.emails === 0
        ? "Nothing is held about that address.\n"
        : `Erased ${describeCounts(result)}${result.references.length ? ` (${result.references.join(", ")})` : ""}. Each leaves a tombstone with its reference and dates only.\n`,
    );
    if (result.stillSending > 0) {
      process.stdout.write(
        `${result.stillSending} e-mail(s) were already being sent at that moment and may still arrive.\n`,
      );
    }
  }
} finally {
  await db.close();
}
