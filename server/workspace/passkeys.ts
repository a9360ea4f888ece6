import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { site } from "#core/config/site.ts";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import {
  addPasskey,
  type ChallengePurpose,
  countPasskeysOf,
  credentialsOf,
  deletePasskey,
  markUsed,
  passkeyById,
  passkeyHolder,
  storeChallenge as storeLiveChallenge,
  takeChallenge,
} from "../tables/passkeys.ts";
import { confirmSession, endSessionsOpenedBy } from "../tables/sessions.ts";
import { contactOf } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import type { RelyingParty } from "./relying-party.ts";
import { createSession, type StaffMember } from "./sessions.ts";
import { acceptInvitation, findInvitation } from "./team.ts";
import { hashToken } from "./tokens.ts";

export { listPasskeys, type StaffPasskey } from "../tables/passkeys.ts";

/** A challenge is good for one answer, within this time. */
export const challengeLifetimeMs = 5 * 60 * 1000;

/** Why a ceremony was refused, in words a member of staff can act on. Routes recognise it by name. */
export class PasskeyError extends Error {
  override name = "PasskeyError";
}

async function storeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  subject: string | null,
  now: number,
) {
  // Expired challenges go as new ones come, so only live ones are ever kept (each address may have
  // only so many: see allowChallenge in workspace.ts).
  await storeLiveChallenge(db, { challenge, purpose, subject, expiresAt: now + challengeLifetimeMs }, now);
}

/**
 * Takes the challenge the browser signed out of the store: it answers once, only for the purpose (and
 * invitation or session) it was issued for, and only before it expires.
 */
async function consumeChallenge(
  db: Queryable,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  subject: string | null,
  now: number,
): Promise<string> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")).challenge;
  } catch {
    throw new PasskeyError("The passkey's answer could not be read. Please try again.");
  }
  if (typeof challenge !== "string")
    throw new PasskeyError("The passkey's answer could not be read. Please try again.");
  const row = await takeChallenge(db, challenge, purpose);
  if (!row || row.expiresAt <= now || row.subject !== subject) {
    throw new PasskeyError("That request has expired or was already used. Please try again.");
  }
  return challenge;
}

/** Options for creating a passkey from an invitation. */
export async function registrationOptions(
  db: Database,
  token: string,
  rp: RelyingParty,
  now: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const invitation = await findInvitation(db, token, now);
  if (!invitation) throw new PasskeyError("This invitation has expired or has already been used.");
  const existing = await credentialsOf(db, invitation.staffId);
  const options = await generateRegistrationOptions({
    rpName: `${site.brand} staff`,
    rpID: rp.rpID,
    userName: invitation.email,
    userDisplayName: invitation.name,
    userID: Buffer.from(invitation.userHandle, "base64url"),
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: challengeLifetimeMs,
  });
  await storeChallenge(db, options.challenge, "register", hashToken(token), now);
  return options;
}

/**
 * Checks the new passkey, uses up the invitation (applying what it holds: see acceptInvitation), stores
 * the passkey, e-mails the person that a passkey was added to their account, and signs them in.
 * Resolves to the new session's token.
 */
export async function register(
  db: Database,
  token: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
  now: number,
): Promise<string> {
  const tokenHash = hashToken(token);
  const challenge = await consumeChallenge(db, response.response.clientDataJSON, "register", tokenHash, now);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new PasskeyError(`The passkey could not be checked: ${(error as Error).message}`);
  });
  if (!verification.verified) throw new PasskeyError("The passkey could not be checked. Please try again.");
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const staffId = await acceptInvitation(tx, tokenHash, now);
    if (staffId === null) throw new PasskeyError("This invitation has expired or has already been used.");
    await addPasskey(
      tx,
      {
        id: credential.id,
        staffId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      now,
    );
    await recordEvent(tx, { action: "signed-in", staffId, detail: "passkey created", now });
    await tellOfNewPasskey(tx, staffId, rp, now);
    return createSession(tx, staffId, now, credential.id);
  });
}

const addedAt = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/**
 * E-mails a person, through the delivery queue, that a passkey was added to their account: an
 * invitation link in the wrong hands lets someone else add one, and this is how the owner hears of it.
 */
async function tellOfNewPasskey(tx: Queryable, staffId: number, rp: RelyingParty, now: number) {
  const person = await contactOf(tx, staffId);
  if (!person) return;
  await enqueueEmail(
    tx,
    "",
    {
      purpose: "staff-security",
      to: person.email,
      replyTo: null,
      subject: `${site.brand} workspace: a passkey was added to your account`,
      body: [
        `Hello ${person.name},`,
        "",
        `A new passkey was added to your account on the ${site.brand} staff workspace on ${addedAt.format(now)} (UK time), from an invitation link.`,
        "",
        "If that was you, there is nothing to do.",
        `If it was not, tell an administrator at once: they can remove the passkey, and so sign out everywhere it is signed in, on the Team page (${rp.origin}/staff/team).`,
      ].join("\n"),
    },
    now,
  );
}

/** Options for signing in (or confirming) with any passkey of this site: discoverable, verified. */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  now: number,
  confirming?: StaffMember,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    timeout: challengeLifetimeMs,
  });
  await storeChallenge(
    db,
    options.challenge,
    confirming ? "confirm" : "sign-in",
    confirming ? confirming.sessionHash : null,
    now,
  );
  return options;
}

/** Checks a passkey's answer and returns the member of staff it belongs to, and the passkey's id. */
async function verifyAssertion(
  db: Database,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: number,
  confirming?: StaffMember,
): Promise<{ staffId: number; passkeyId: string }> {
  const challenge = await consumeChallenge(
    db,
    response.response.clientDataJSON,
    confirming ? "confirm" : "sign-in",
    confirming ? confirming.sessionHash : null,
    now,
  );
  const passkey = await passkeyById(db, response.id);
  if (!passkey || passkey.revokedAt !== null) {
    throw new PasskeyError("This passkey is not registered here. Ask an administrator for a new invitation.");
  }
  if (confirming && passkey.staffId !== confirming.id) {
    throw new PasskeyError("That passkey belongs to someone else. Use your own passkey.");
  }
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch((error: unknown) => {
    throw new PasskeyError(`The passkey could not be checked: ${(error as Error).message}`);
  });
  if (!verification.verified) throw new PasskeyError("The passkey could not be checked. Please try again.");
  await markUsed(db, passkey.id, verification.authenticationInfo.newCounter, now);
  return { staffId: passkey.staffId, passkeyId: passkey.id };
}

/** Signs in with a passkey; resolves to the new session's token (a new id at every sign-in). */
export async function signIn(
  db: Database,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: number,
): Promise<string> {
  const { staffId, passkeyId } = await verifyAssertion(db, response, rp, now);
  return db.transaction(async (tx) => {
    await recordEvent(tx, { action: "signed-in", staffId, now });
    return createSession(tx, staffId, now, passkeyId);
  });
}

/** Confirms, with their passkey, that the person at a signed-in browser is still its owner. */
export async function confirm(
  db: Database,
  me: StaffMember,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: number,
): Promise<void> {
  await verifyAssertion(db, response, rp, now, me);
  await confirmSession(db, me.sessionHash, now);
}

/** What removing a passkey did, or why it was refused (`missing`: no such passkey). */
export type PasskeyRemoval =
  | { ok: true; value: { staffId: number; name: string; left: number; endedThisSession: boolean } }
  | { ok: false; missing?: boolean; forbidden?: boolean; problem: string };

/**
 * Removes a passkey (a lost or replaced device): it can no longer sign in or confirm, and every session
 * it opened ends at once. An administrator may remove anyone's; everyone else only their own. Nobody
 * removes their own last passkey, which would lock them out until an administrator invited them again.
 */
export async function removePasskey(
  db: Database,
  input: { passkeyId: string; by: Pick<StaffMember, "id" | "isAdmin" | "sessionHash">; now: number },
): Promise<PasskeyRemoval> {
  const { passkeyId, by, now } = input;
  return db.transaction(async (tx): Promise<PasskeyRemoval> => {
    const row = await passkeyHolder(tx, passkeyId);
    if (!row) return { ok: false, missing: true, problem: "That passkey has already been removed." };
    const staffId = row.staffId;
    if (staffId !== by.id && !by.isAdmin) {
      return {
        ok: false,
        forbidden: true,
        problem: "Only an administrator can remove someone else's passkey.",
      };
    }
    const left = (await countPasskeysOf(tx, staffId)) - 1;
    if (staffId === by.id && left === 0) {
      return {
        ok: false,
        problem:
          "This is your only passkey: without it you could not sign in. Ask an administrator to invite you again, which adds a new one, and then remove this one.",
      };
    }
    const ended = await endSessionsOpenedBy(tx, passkeyId);
    await deletePasskey(tx, passkeyId);
    await recordEvent(tx, { action: "passkey-removed", staffId: by.id, detail: `staff #${staffId}`, now });
    return {
      ok: true,
      value: { staffId, name: row.name, left, endedThisSession: ended.includes(by.sessionHash) },
    };
  });
}
