/**
 * How a request's path is written in the logs, by the server's request log and by the page renderer
 * alike, so that no log line keeps a link someone could use.
 */

/** What a secret or personal path segment becomes in the logs. */
const redacted = ":redacted";

/** A workspace path segment safe to log: one of its own words, a lead's reference, or a number. */
const plainSegment = /^(?:[A-Za-z][A-Za-z.-]{0,29}|(?:ENQ|APP)-[0-9A-Z]{6}|\d{1,12})$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A path as the logs keep it (the query string is never part of it). Under the workspace, however its
 * path is spelled, a segment that is not one of its words, a reference or a number (an invitation's
 * token) is redacted, as is whatever follows "invitation"; anywhere, so is a segment holding an e-mail
 * address. Anyone who reads the logs must not be able to use a link from them.
 */
export function loggablePath(path: string): string {
  const segments = path.split("/");
  const decoded = segments.map(decodeSegment);
  const workspace = decoded.find((segment) => segment !== "")?.toLowerCase() === "staff";
  return segments
    .map((segment, i) => {
      const plain = decoded[i] ?? "";
      if (plain === "") return segment;
      if (plain.includes("@")) return redacted;
      if (!workspace) return segment;
      const afterInvitation = decoded[i - 1]?.toLowerCase() === "invitation";
      return afterInvitation || !plainSegment.test(plain) ? redacted : segment;
    })
    .join("/");
}
