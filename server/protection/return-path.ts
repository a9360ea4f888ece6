/**
 * Each e-mail's return address of its own (VERP): the bounce address with the message's id and a
 * signature in its local part, `bounces+<id>.<signature>@example.co.uk`. A bounce comes back to that
 * address, so it names its message without guessing from its words; the signature means nobody can
 * write a bounce that marks another message undelivered or blocks an address, as they could by copying
 * an id. Lower-case hexadecimal throughout, as some mail servers change the case of a local part.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** The key return addresses are signed with, derived from the link secret so it needs no setting of its own. */
export function returnPathKey(resultSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", resultSecret, "", "bounce-return-path", 32));
}

/** The longest local part a bounce address may have: the id and signature take the rest of RFC 5321's 64. */
export const bounceLocalPartMax = 18;

const signatureLength = 12;

function signatureOf(key: Buffer, id: string): string {
  return createHmac("sha256", key).update(id).digest("hex").slice(0, signatureLength);
}

export type ReturnPaths = {
  /** The return address for a message, given its Message-ID's own part (a UUID, or 32 hex digits). */
  addressFor(messageId: string): string;
  /**
   * The message ids whose correctly signed return addresses appear anywhere in `text` (a bounce's
   * headers and parts), each once; an address with a wrong signature is left out.
   */
  messageIdsIn(text: string): string[];
  /** True when `text` holds a return address of ours whose signature is wrong: a forged bounce. */
  hasForgery(text: string): boolean;
};

/** Return addresses for the bounce address (`bounces@example.co.uk`), signed with `key`. */
export function returnPaths(bounceAddress: string, key: Buffer): ReturnPaths {
  const at = bounceAddress.lastIndexOf("@");
  const local = bounceAddress.slice(0, at).toLowerCase();
  const domain = bounceAddress.slice(at + 1).toLowerCase();
  const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = () =>
    new RegExp(
      `${literal(local)}\\+([0-9a-f]{32})\\.([0-9a-f]{${signatureLength}})@${literal(domain)}`,
      "gi",
    );

  function matches(text: string): { id: string; signed: boolean }[] {
    return [...text.matchAll(pattern())].map((match) => {
      const id = (match[1] ?? "").toLowerCase();
      const given = Buffer.from((match[2] ?? "").toLowerCase());
      const expected = Buffer.from(signatureOf(key, id));
      return { id, signed: given.length === expected.length && timingSafeEqual(given, expected) };
    });
  }

  return {
    addressFor(messageId) {
      const id = messageId.replace(/-/g, "").toLowerCase();
      return `${local}+${id}.${signatureOf(key, id)}@${domain}`;
    },
    messageIdsIn(text) {
      return [...new Set(matches(text).flatMap((match) => (match.signed ? [match.id] : [])))];
    },
    hasForgery(text) {
      return matches(text).some((match) => !match.signed);
    },
  };
}
