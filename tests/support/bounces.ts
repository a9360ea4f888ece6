// Bounces of the shapes the big providers send (Gmail, Microsoft 365 and Outlook.com, Postfix, Exim, a
// feedback loop's complaint, and one in a charset nobody expects), kept as .eml files beside this one,
// with the message's return address, its recipient and its Message-ID filled in for each test.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

export type BounceFixture =
  | "gmail-unknown-user"
  | "outlook-recipient-not-found"
  | "postfix-mailbox-full"
  | "exim-no-such-domain"
  | "feedback-loop-complaint"
  | "unexpected-charset";

/** A fixture's bytes, for one message: where it was sent from (its return address), to whom, and its id. */
export function bounceFixture(
  name: BounceFixture,
  message: { returnPath: string; recipient: string; messageId: string },
): Buffer {
  const template = readFileSync(new URL(`./bounces/${name}.eml`, import.meta.url), "latin1");
  const text = template
    .replaceAll("{{RETURN_PATH}}", message.returnPath)
    .replaceAll("{{RECIPIENT}}", message.recipient)
    .replaceAll("{{MESSAGE_ID}}", message.messageId)
    .replaceAll("{{NONCE}}", randomBytes(6).toString("hex"))
    .replace(/\r?\n/g, "\r\n");
  return Buffer.from(text, "latin1");
}
