import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { returnPathKey, returnPaths } from "./return-path.ts";

const key = returnPathKey("a link secret of at least thirty-two characters");

describe("return paths", () => {
  const paths = returnPaths("bounces@cottonopolis.example", key);

  it("gives each message a return address of its own, which names it again when read back", () => {
    const id = randomUUID();
    const address = paths.addressFor(id);
    expect(address).toMatch(/^bounces\+[0-9a-f]{32}\.[0-9a-f]{12}@cottonopolis\.example$/);
    // Within RFC 5321's 64 characters of local part.
    expect(address.split("@")[0]?.length).toBeLessThanOrEqual(64);
    expect(paths.messageIdsIn(`To: ${address}\r\n`)).toEqual([id.replaceAll("-", "")]);
    // Some servers change the case of a local part: it still reads.
    expect(paths.messageIdsIn(address.toUpperCase())).toEqual([id.replaceAll("-", "")]);
    expect(paths.hasForgery(address)).toBe(false);
  });

  it("ignores an address whose signature is wrong, and says it saw a forgery", () => {
    const address = paths.addressFor(randomUUID());
    const forged = address.replace(/\.([0-9a-f]{12})@/, (_, signature: string) => `.${signature.slice(1)}0@`);
    expect(forged).not.toBe(address);
    expect(paths.messageIdsIn(forged)).toEqual([]);
    expect(paths.hasForgery(forged)).toBe(true);
  });

  it("signs with the installation's key: another key's addresses do not read", () => {
    const theirs = returnPaths(
      "bounces@cottonopolis.example",
      returnPathKey("another link secret, thirty-two characters"),
    );
    const address = theirs.addressFor(randomUUID());
    expect(paths.messageIdsIn(address)).toEqual([]);
  });
});
