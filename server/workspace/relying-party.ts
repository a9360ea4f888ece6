/** Who passkeys are bound to: the site's public origin, and its host name as the WebAuthn RP ID. */
export type RelyingParty = { rpID: string; origin: string };

/**
 * The relying party for a request. With PUBLIC_URL set, passkeys belong to that origin alone. Without
 * it, the workspace works on the machine itself at http://localhost:<port>, as README.md's start
 * command serves it; any other address gets null (a passkey needs a domain, and a public site needs
 * PUBLIC_URL).
 */
export function relyingParty(publicUrl: string | undefined, requestUrl: URL): RelyingParty | null {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  if (requestUrl.hostname === "localhost") return { rpID: "localhost", origin: requestUrl.origin };
  return null;
}
