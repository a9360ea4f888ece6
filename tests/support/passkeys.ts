import type { Page } from "@playwright/test";

/**
 * Gives the page's browser a passkey device: Chromium's virtual authenticator (CDP WebAuthn domain),
 * with resident keys and user verification that always succeeds.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ remove(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}
