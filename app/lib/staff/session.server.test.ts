// The session cookie's name and flags, through the composition root's workspace as the routes get it.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../../../tests/support/harness.ts";
import { servicesContext } from "../app-context.ts";
import { endSessionCookie, sessionToken, startSessionCookie } from "./session.server.ts";

function contextOf(h: Harness) {
  const context = new RouterContextProvider();
  context.set(servicesContext, h.services.app);
  return context;
}

describe("the session cookie", () => {
  let secure: Harness;
  let plain: Harness;

  beforeAll(async () => {
    secure = await startHarness("sqlite", { PUBLIC_URL: "https://www.cottonopolis.example" });
    plain = await startHarness("sqlite");
  });
  afterAll(async () => {
    await secure?.close();
    await plain?.close();
  });

  it("is Secure and __Host- when PUBLIC_URL is https, even when a proxy in front reports plain http", async () => {
    // Behind a TLS proxy without TRUST_PROXY, the request reaches the app as plain http.
    const request = new Request("http://10.0.0.5:3000/staff/passkey", { method: "POST" });
    const context = contextOf(secure);
    const header = await startSessionCookie(request, context, "token-1");
    expect(header).toMatch(/^__Host-staff-session=/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(await endSessionCookie(request, context)).toMatch(/^__Host-staff-session=;.*Secure/);
    // The plain cookie is never read there.
    const sent = (cookie: string) =>
      new Request("http://10.0.0.5:3000/staff", { headers: { Cookie: cookie } });
    expect(await sessionToken(sent(header.split(";")[0] ?? ""), context)).toBe("token-1");
    const plainCookie = await startSessionCookie(request, contextOf(plain), "token-2");
    expect(plainCookie).toMatch(/^staff-session=/);
    expect(await sessionToken(sent(plainCookie.split(";")[0] ?? ""), context)).toBeUndefined();
  });

  it("without an https PUBLIC_URL, follows the request: plain on http, __Host- on https and localhost", async () => {
    const context = contextOf(plain);
    const at = (url: string) => startSessionCookie(new Request(url), context, "token-3");
    const overHttp = await at("http://10.0.0.5:3000/staff/passkey");
    expect(overHttp).toMatch(/^staff-session=/);
    expect(overHttp).not.toMatch(/Secure/);
    expect(await at("https://10.0.0.5/staff/passkey")).toMatch(/^__Host-staff-session=.*Secure/);
    expect(await at("http://localhost:3000/staff/passkey")).toMatch(/^__Host-staff-session=.*Secure/);
  });
});
