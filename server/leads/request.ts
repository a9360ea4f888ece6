import type { IncomingMessage } from "node:http";
import { Refusal } from "./refusal.ts";

/**
 * Reading and checking a form post before any form logic: where it came from, what it
 * declares, its body within a limit, and its Idempotency-Key header.
 */

/**
 * A browser posting the HTML form itself (JavaScript off) navigates and asks for HTML;
 * it gets a redirect back to the page. fetch() and other clients get JSON.
 */
export function isNavigation(req: IncomingMessage): boolean {
  if (req.headers["sec-fetch-mode"] === "navigate") return true;
  const accept = req.headers.accept ?? "";
  return accept.includes("text/html") && !accept.includes("application/json");
}

/** The request's media type, lower case, without parameters. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The body's length as the request declares it (Content-Length), or null when it does not say. */
export function declaredLength(req: IncomingMessage): number | null {
  const declared = Number(req.headers["content-length"]);
  return req.headers["content-length"] !== undefined && Number.isSafeInteger(declared) && declared >= 0
    ? declared
    : null;
}

/**
 * Refuses with 413 before reading a body whose declared length is over the limit. The connection is
 * closed after the reply, so the client stops sending what nobody will read.
 */
export function refuseDeclaredOver(req: IncomingMessage, limit: number, message: string): void {
  if ((declaredLength(req) ?? 0) > limit) throw new Refusal(413, message, { Connection: "close" });
}

/** Reads the whole body up to a limit; refuses with 413 as soon as it is passed. */
export function readBody(req: IncomingMessage, limit: number, message: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) reject(new Refusal(413, message));
      else resolve(Buffer.concat(chunks, size));
    });
    req.on("error", () => reject(new Refusal(400, "The form could not be read. Please try again.")));
  });
}

const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The request's Idempotency-Key header, if any; refuses a malformed one. */
export function idempotencyKey(req: IncomingMessage): string | null {
  const value = req.headers["idempotency-key"];
  if (value === undefined) return null;
  if (typeof value !== "string" || !idempotencyKeyPattern.test(value)) {
    throw new Refusal(
      400,
      "The request's Idempotency-Key header is not valid. Please reload the page and try again.",
    );
  }
  return value;
}

const repeatedField = "The form contained a field more than once. Please reload the page and try again.";

/** Patterns that find each key's occurrences in raw JSON, for parseJsonObject. */
export function jsonKeyPatterns(keys: readonly string[]): RegExp[] {
  return keys.map((key) => new RegExp(`(?<!\\\\)"${key}"\\s*:`, "g"));
}

/**
 * Parses a JSON object, refusing anything else and any of the given keys sent twice
 * (JSON.parse would silently keep the last).
 */
export function parseJsonObject(raw: string, keyPatterns: RegExp[]): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Refusal(400, "The form could not be read (the data was not valid JSON). Please try again.");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Refusal(400, "The form could not be read (expected a JSON object). Please try again.");
  }
  if (keyPatterns.some((pattern) => (raw.match(pattern) ?? []).length > 1)) {
    throw new Refusal(400, repeatedField);
  }
  return data as Record<string, unknown>;
}

/** Parses a URL-encoded form, refusing a field sent twice. */
export function parseUrlEncoded(raw: string): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    if (key in object) throw new Refusal(400, repeatedField);
    object[key] = value;
  }
  return object;
}
