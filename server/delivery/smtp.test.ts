// How mail reaches the mail server: real SMTP servers (smtp-server) on this machine's loopback address
// and, where it has one, on its address beyond loopback, which counts as another machine.
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { postEnquiry, startHarness, validEnquiry } from "../../tests/support/harness.ts";
import { parseEnv } from "../env.ts";
import { warnOfPlainMail } from "../main.ts";
import { createLogger } from "../observability/logger.ts";
import { smtpConfig } from "../services.ts";
import { createSendMail, insecureMailServer, type OutgoingMail, type SmtpConfig, tlsPolicy } from "./smtp.ts";

/** This machine's first address beyond loopback, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === "IPv4")?.address;

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/**
 * A mail server on `host` that keeps what it receives: with `starttls`, it offers STARTTLS with
 * smtp-server's own self-signed certificate; without, it offers none; `secure` is TLS from the start.
 */
async function mailServer(host: string, { starttls = false, secure = false } = {}) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure,
    hideSTARTTLS: !starttls,
    disabledCommands: starttls || secure ? [] : ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let text = "";
      stream.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      stream.on("end", () => {
        received.push(text);
        callback();
      });
    },
  });
  // A client that refuses the certificate hangs up mid-handshake: expected here.
  server.on("error", () => {});
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  return { port: (server.server.address() as AddressInfo).port, received };
}

function mail(subject = "New enquiry CF-ABC123 from Jo Bloggs"): OutgoingMail {
  return {
    from: "site@cottonopolis.example",
    to: "team@cottonopolis.example",
    replyTo: null,
    subject,
    text: "Hello",
    attachments: [],
    messageId: `<${crypto.randomUUID()}@cottonopolis.example>`,
    signal: AbortSignal.timeout(5000),
  };
}

const timeouts = { connectionMs: 3000, greetingMs: 3000, socketMs: 3000 };

describe("the connection to the mail server", () => {
  it("chooses TLS from the start for smtps://, STARTTLS for other machines, either for loopback", () => {
    expect(tlsPolicy({ url: "smtps://mail.example.com" })).toBe("implicit");
    expect(tlsPolicy({ host: "mail.example.com", port: 465, secure: true })).toBe("implicit");
    expect(tlsPolicy({ url: "smtp://mail.example.com:587" })).toBe("required");
    expect(tlsPolicy({ host: "192.0.2.25", port: 25, secure: false })).toBe("required");
    expect(tlsPolicy({ url: "smtp://[2001:db8::25]:587" })).toBe("required");
    for (const host of ["127.0.0.1", "127.0.0.53", "localhost", "::1"])
      expect(tlsPolicy({ host, port: 25, secure: false }), host).toBe("offered");
    expect(tlsPolicy({ url: "smtp://[::1]:25" })).toBe("offered");
    expect(tlsPolicy({ host: "mail.example.com", port: 25, secure: false, requireTls: false })).toBe(
      "offered",
    );
    // The name the operator sets is the contract: anything else is refused at start.
    expect(parseEnv({ SMTP_HOST: "mail.example.com" }).SMTP_REQUIRE_TLS).toBe("true");
    expect(() => parseEnv({ SMTP_REQUIRE_TLS: "no" })).toThrow(/SMTP_REQUIRE_TLS/);
    expect(smtpConfig(parseEnv({ SMTP_HOST: "mail.example.com", SMTP_REQUIRE_TLS: "false" }))).toMatchObject({
      requireTls: false,
    });
  });

  it("takes nothing from an SMTP_URL's query string, so the policy it reports is the one used", async () => {
    // TLS from the first byte, says the scheme; `?secure=false` would have nodemailer talk in clear.
    const plain = await mailServer("127.0.0.1");
    const undone = { url: `smtps://127.0.0.1:${plain.port}?secure=false` };
    expect(() => createSendMail(undone, timeouts)).toThrow(/must not have anything after a \? or #/);
    expect(plain.received).toEqual([]);
    for (const query of ["?ignoreTLS=true", "?requireTLS=false", "?tls.rejectUnauthorized=false", "#x"]) {
      expect(() => tlsPolicy({ url: `smtp://mail.example.com:587${query}` }), query).toThrow(/SMTP_URL/);
      expect(() => parseEnv({ SMTP_URL: `smtp://mail.example.com:587${query}` }), query).toThrow(
        /SMTP_URL: must not have anything after a \? or #/,
      );
    }
    // Its parts are read as nodemailer would: user and password decoded, each scheme's own port.
    const relay = await mailServer("127.0.0.1");
    await createSendMail({ url: `smtp://127.0.0.1:${relay.port}` }, timeouts)(mail());
    expect(relay.received).toHaveLength(1);
    expect(tlsPolicy({ url: "smtp://site%40example:p%3Fss@[::1]" })).toBe("offered");
  });

  it("sends in plain to a relay on a loopback address that offers no STARTTLS", async () => {
    const relay = await mailServer("127.0.0.1");
    await createSendMail({ host: "127.0.0.1", port: relay.port, secure: false }, timeouts)(mail());
    expect(relay.received).toHaveLength(1);
  });

  it.skipIf(!outside)(
    "refuses a mail server on another machine that offers no STARTTLS, and sends nothing to it",
    async () => {
      const server = await mailServer(outside as string);
      for (const config of [
        { host: outside as string, port: server.port, secure: false },
        { url: `smtp://${outside}:${server.port}` },
      ] satisfies SmtpConfig[]) {
        const sent = createSendMail(config, timeouts)(mail());
        await expect(sent).rejects.toThrow(`${insecureMailServer}: it does not offer STARTTLS`);
      }
      expect(server.received).toEqual([]);
    },
  );

  it.skipIf(!outside)("with SMTP_REQUIRE_TLS=false, sends to it in clear, and says so at start", async () => {
    const server = await mailServer(outside as string);
    const env = parseEnv({ SMTP_URL: `smtp://${outside}:${server.port}`, SMTP_REQUIRE_TLS: "false" });
    await createSendMail(smtpConfig(env) as SmtpConfig, timeouts)(mail());
    expect(server.received).toHaveLength(1);

    const lines: string[] = [];
    warnOfPlainMail(env, createLogger("info", { write: (line: string) => void lines.push(line) }));
    expect(lines.join("")).toMatch(/SMTP_REQUIRE_TLS=false: mail goes unencrypted/);
    // Not said when it is not so.
    lines.length = 0;
    warnOfPlainMail(
      parseEnv({ SMTP_URL: `smtp://${outside}:${server.port}` }),
      createLogger("info", {
        write: (line: string) => void lines.push(line),
      }),
    );
    warnOfPlainMail(
      parseEnv({ SMTP_URL: "smtp://127.0.0.1:25", SMTP_REQUIRE_TLS: "false" }),
      createLogger("info", {
        write: (line: string) => void lines.push(line),
      }),
    );
    expect(lines).toEqual([]);
  });

  it.skipIf(!outside)("refuses a mail server whose certificate cannot be verified", async () => {
    const starttls = await mailServer(outside as string, { starttls: true });
    await expect(
      createSendMail({ host: outside as string, port: starttls.port, secure: false }, timeouts)(mail()),
    ).rejects.toThrow(`${insecureMailServer}: its certificate could not be verified`);
    expect(starttls.received).toEqual([]);
  });

  it("refuses a self-signed certificate on smtps://, even on loopback", async () => {
    const implicit = await mailServer("127.0.0.1", { secure: true });
    await expect(
      createSendMail({ url: `smtps://127.0.0.1:${implicit.port}` }, timeouts)(mail()),
    ).rejects.toThrow(`${insecureMailServer}: its certificate could not be verified`);
    expect(implicit.received).toEqual([]);
  });

  it("takes text-reversing characters out of a subject, wherever it was built from", async () => {
    const relay = await mailServer("127.0.0.1");
    await createSendMail(
      { host: "127.0.0.1", port: relay.port, secure: false },
      timeouts,
    )(mail("New application from Jo \u202Efdp.exe\u202C"));
    expect(relay.received[0]).toContain("Subject: New application from Jo fdp.exe");
  });
});

describe.each(["sqlite", "postgres"] as const)("a mail server that is not secure, on %s", (dialect) => {
  it.skipIf(!outside)("is reported by /readyz and the workspace while mail waits for it", async () => {
    const server = await mailServer(outside as string);
    const h = await startHarness(dialect, { SMTP_URL: `smtp://${outside}:${server.port}` });
    try {
      expect((await postEnquiry(h.url, validEnquiry())).status).toBe(200);
      await expect
        .poll(async () => (await (await fetch(`${h.url}/readyz`)).json()) as Record<string, unknown>)
        .toMatchObject({
          status: "ready",
          mail: {
            status: "not secure",
            waiting: expect.any(Number),
            reason: expect.stringMatching(/STARTTLS/),
          },
        });
      expect(await h.services.app.workspace?.mailNotSecure()).toMatchObject({
        reason: expect.stringMatching(/^it does not offer STARTTLS/),
      });
      expect(server.received).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
