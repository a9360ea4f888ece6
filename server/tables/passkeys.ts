/**
 * The owner of the `passkeys` table (one row per passkey a member of staff registered: its credential
 * id, public key, signature counter and transports, when it was made and last used) and of the
 * `webauthn_challenges` table (one row per challenge issued to a browser and not yet answered: what for,
 * the invitation or session it was issued for, and when it expires).
 */
import type { Queryable } from "../db/database.ts";

/** What a challenge was issued for. */
export type ChallengePurpose = "register" | "sign-in" | "confirm";

/** One passkey of a member of staff, as the team page lists it (never its key). */
export type StaffPasskey = {
  id: string;
  staffId: number;
  /** 1 for the person's first passkey still registered, 2 for the next: how the page names it. */
  number: number;
  createdAt: number;
  lastUsedAt: number | null;
};

/** A passkey as signing in checks it, with whether its person's access was taken away. */
export type StoredPasskey = {
  id: string;
  staffId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  revokedAt: number | null;
};

/**
 * Stores a challenge until it expires, first deleting the expired ones, so only live ones are ever
 * kept.
 */
export async function storeChallenge(
  db: Queryable,
  challenge: { challenge: string; purpose: ChallengePurpose; subject: string | null; expiresAt: number },
  now: number,
): Promise<void> {
  await db.run("DELETE FROM webauthn_challenges WHERE expires_at <= ?", [now]);
  await db.run(
    "INSERT INTO webauthn_challenges (challenge, purpose, subject, expires_at) VALUES (?, ?, ?, ?)",
    [challenge.challenge, challenge.purpose, challenge.subject, challenge.expiresAt],
  );
}

/**
 * Takes a challenge out of the store (it answers once); resolves to the invitation or session it was
 * issued for and when it expires, or null when there is no such challenge for this purpose.
 */
export async function takeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<{ subject: string | null; expiresAt: number } | null> {
  const taken = await db.all<{ subject: string | null; expires_at: number }>(
    "DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? RETURNING subject, expires_at",
    [challenge, purpose],
  );
  const row = taken[0];
  return row ? { subject: row.subject, expiresAt: Number(row.expires_at) } : null;
}

/** The credential ids and transports of a member of staff's passkeys, for a new one not to repeat them. */
export async function credentialsOf(
  db: Queryable,
  staffId: number,
): Promise<{ id: string; transports: string[] }[]> {
  const existing = await db.all<{ id: string; transports: string }>(
    "SELECT id, transports FROM passkeys WHERE staff_id = ?",
    [staffId],
  );
  return existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] }));
}

/** Stores a new passkey of a member of staff, used for the first time now. */
export async function addPasskey(
  db: Queryable,
  passkey: {
    id: string;
    staffId: number;
    publicKey: Uint8Array;
    counter: number;
    transports: readonly string[];
  },
  now: number,
): Promise<void> {
  await db.run(
    `INSERT INTO passkeys (id, staff_id, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      passkey.id,
      passkey.staffId,
      passkey.publicKey,
      passkey.counter,
      JSON.stringify(passkey.transports),
      now,
      now,
    ],
  );
}

/** The passkey with this credential id, for a sign-in to check, or null when none is registered. */
export async function passkeyById(db: Queryable, id: string): Promise<StoredPasskey | null> {
  const [passkey] = await db.all<{
    id: string;
    staff_id: number;
    public_key: Uint8Array;
    counter: number;
    transports: string;
    revoked_at: number | null;
  }>(
    `SELECT k.id, k.staff_id, k.public_key, k.counter, k.transports, p.revoked_at
     FROM passkeys k JOIN staff p ON p.id = k.staff_id WHERE k.id = ?`,
    [id],
  );
  if (!passkey) return null;
  return {
    id: passkey.id,
    staffId: Number(passkey.staff_id),
    publicKey: new Uint8Array(passkey.public_key),
    counter: Number(passkey.counter),
    transports: JSON.parse(passkey.transports),
    revokedAt: passkey.revoked_at === null ? null : Number(passkey.revoked_at),
  };
}

/** Records a passkey's use: its new signature counter, and when. */
export async function markUsed(db: Queryable, id: string, counter: number, now: number): Promise<void> {
  await db.run("UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?", [counter, now, id]);
}

/** The passkeys of one member of staff, or of everyone (staffId null), oldest first for each person. */
export async function listPasskeys(db: Queryable, staffId: number | null): Promise<StaffPasskey[]> {
  const rows = await db.all<{
    id: string;
    staff_id: number;
    created_at: number;
    last_used_at: number | null;
  }>(
    `SELECT id, staff_id, created_at, last_used_at FROM passkeys
     ${staffId === null ? "" : "WHERE staff_id = ?"} ORDER BY staff_id, created_at, id`,
    staffId === null ? [] : [staffId],
  );
  const counted = new Map<number, number>();
  return rows.map((row) => {
    const owner = Number(row.staff_id);
    const number = (counted.get(owner) ?? 0) + 1;
    counted.set(owner, number);
    return {
      id: row.id,
      staffId: owner,
      number,
      createdAt: Number(row.created_at),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    };
  });
}

/** Whose a passkey is (their id and name), or null when there is no such passkey. */
export async function passkeyHolder(
  db: Queryable,
  id: string,
): Promise<{ staffId: number; name: string } | null> {
  const [row] = await db.all<{ staff_id: number; name: string }>(
    "SELECT k.staff_id, p.name FROM passkeys k JOIN staff p ON p.id = k.staff_id WHERE k.id = ?",
    [id],
  );
  return row ? { staffId: Number(row.staff_id), name: row.name } : null;
}

/** How many passkeys a member of staff has. */
export async function countPasskeysOf(db: Queryable, staffId: number): Promise<number> {
  const [count] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM passkeys WHERE staff_id = ?", [
    staffId,
  ]);
  return Number(count?.n ?? 0);
}

/** Deletes one passkey: it can no longer sign in or confirm. */
export async function deletePasskey(db: Queryable, id: string): Promise<void> {
  await db.run("DELETE FROM passkeys WHERE id = ?", [id]);
}

/** Deletes every passkey of a member of staff (their access taken away). */
export async function deletePasskeysOf(db: Queryable, staffId: number): Promise<void> {
  await db.run("DELETE FROM passkeys WHERE staff_id = ?", [staffId]);
}

/** How many challenges have expired at `asOf` (for the purge's dry run). */
export async function countExpiredChallenges(db: Queryable, asOf: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM webauthn_challenges WHERE expires_at <= ?",
    [asOf],
  );
  return Number(row?.n ?? 0);
}

/** Deletes the challenges expired at `asOf`; resolves with how many. */
export function deleteExpiredChallenges(db: Queryable, asOf: number): Promise<number> {
  return db.run("DELETE FROM webauthn_challenges WHERE expires_at <= ?", [asOf]);
}
