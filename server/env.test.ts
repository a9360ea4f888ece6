import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("defaults to http://localhost:3000 in development", () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, HOST: "localhost", NODE_ENV: "development" });
  });

  it("reads PORT and HOST", () => {
    expect(parseEnv({ PORT: "8080", HOST: "0.0.0.0" })).toMatchObject({ PORT: 8080, HOST: "0.0.0.0" });
  });

  it("trusts a proxy only when told to, and only at the addresses it is told of", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual([]);
    // 1 is a proxy on this machine, never whoever connects.
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, 192.0.2.7, fd00::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::1",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: "yes" is not "loopback"/);
    expect(() => parseEnv({ TRUST_PROXY: "2" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  it("reads the bounce mailbox and DKIM settings, and refuses those that could not work", () => {
    const bounces = {
      BOUNCE_ADDRESS: "bounces@example.co.uk",
      BOUNCE_IMAP_URL: "imaps://bounces%40example.co.uk:secret@outlook.office365.com:993/INBOX",
    };
    expect(parseEnv(bounces)).toMatchObject({ ...bounces, BOUNCE_POLL_MS: 30_000 });
    expect(
      parseEnv({ ...bounces, BOUNCE_IMAP_URL: "imap://bounces:secret@127.0.0.1:1143/INBOX" }).BOUNCE_IMAP_URL,
    ).toBe("imap://bounces:secret@127.0.0.1:1143/INBOX");
    // A password in clear across a network is refused; so is a mailbox nobody's bounces can be tied to.
    expect(() =>
      parseEnv({ ...bounces, BOUNCE_IMAP_URL: "imap://bounces:secret@imap.example.co.uk/INBOX" }),
    ).toThrow(/BOUNCE_IMAP_URL: must be imaps:\/\/ for a server on another machine/);
    expect(() => parseEnv({ BOUNCE_IMAP_URL: bounces.BOUNCE_IMAP_URL })).toThrow(
      /BOUNCE_ADDRESS: must be set/,
    );
    expect(() => parseEnv({ BOUNCE_ADDRESS: "bounces+site@example.co.uk" })).toThrow(/must not have a \+/);
    expect(() => parseEnv({ BOUNCE_ADDRESS: "a-very-long-bounce-mailbox@example.co.uk" })).toThrow(
      /at most 18 characters before the @/,
    );
    expect(() => parseEnv({ DKIM_DOMAIN: "example.co.uk", DKIM_SELECTOR: "site2025" })).toThrow(
      /give all three or none/,
    );
  });

  it("refuses an SMTP_URL with settings after a ? or #, which would override the TLS policy", () => {
    for (const query of ["?ignoreTLS=true", "?secure=false", "?tls.rejectUnauthorized=false", "?", "#tls"]) {
      const url = `smtps://mailer:secret@mail.example.com:465${query}`;
      expect(() => parseEnv({ SMTP_URL: url }), query).toThrow(
        /SMTP_URL: must not have anything after a \? or #/,
      );
      // The address is not repeated in the message: it holds the password.
      expect(() => parseEnv({ SMTP_URL: url })).not.toThrow(/secret/);
    }
    // A ? or # in the password, percent-encoded as a URL needs it anyway, is fine.
    expect(parseEnv({ SMTP_URL: "smtp://mailer:p%3Fss%23@mail.example.com:587" }).SMTP_URL).toBe(
      "smtp://mailer:p%3Fss%23@mail.example.com:587",
    );
  });

  it("treats an empty or blank value as unset, as systemd gives a line `NAME=`", () => {
    const env = parseEnv({
      METRICS_TOKEN: "",
      SMTP_URL: "",
      MAIL_FROM: "  ",
      PORT: "",
      PUBLIC_URL: "",
      WEBHOOK_SECRET: " ",
      CLAMD_PORT: "",
    });
    expect(env).toMatchObject({ PORT: 3000, WEBHOOK_URLS: [] });
    for (const name of [
      "METRICS_TOKEN",
      "SMTP_URL",
      "MAIL_FROM",
      "PUBLIC_URL",
      "WEBHOOK_SECRET",
      "CLAMD_PORT",
    ])
      expect(env[name as keyof typeof env], name).toBeUndefined();
    // A short token that is there is still refused.
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16/);
    // In production on PostgreSQL an empty key is missing, and is named as such.
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://site@db.internal/site",
        NI_ENCRYPTION_KEY: "",
      }),
    ).toThrow(/NI_ENCRYPTION_KEY: must be set in production/);
  });

  it("starts with the shipped deploy/site.env once its three keys are filled in", () => {
    // As systemd's EnvironmentFile reads it: NAME=value, a double-quoted value without its quotes.
    const file = readFileSync(new URL("../deploy/site.env", import.meta.url), "utf8");
    const shipped = Object.fromEntries(
      file
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const [name = "", ...rest] = line.split("=");
          return [name, rest.join("=").replace(/^"(.*)"$/, "$1")];
        }),
    );
    const env = parseEnv({
      ...shipped,
      NI_ENCRYPTION_KEY: "ab".repeat(32),
      IP_HASH_SALT: "a-salt-of-sixteen-characters",
      FORM_RESULT_SECRET: "s".repeat(40),
    });
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.MAIL_FROM).toBe("Cottonopolis Facilities <hello@example.co.uk>");
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "eighty", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it("takes PUBLIC_URL as an absolute http(s) URL without its trailing slash", () => {
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: "https://www.cottonopolis.example/" }).PUBLIC_URL).toBe(
      "https://www.cottonopolis.example",
    );
    expect(parseEnv({ PUBLIC_URL: "http://localhost:3000/site//" }).PUBLIC_URL).toBe(
      "http://localhost:3000/site",
    );
    for (const bad of ["www.cottonopolis.example", "ftp://example.com", "https://example.com/?a=1"]) {
      expect(() => parseEnv({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL: must be an absolute http/);
    }
  });

  it("reads WEBHOOK_URLS as a list and asks for WEBHOOK_SECRET only when a receiver needs a signature", () => {
    expect(parseEnv({}).WEBHOOK_URLS).toEqual([]);
    const chat = "https://hooks.slack.com/services/T0/B0/x, https://contoso.webhook.office.com/webhookb2/abc";
    expect(parseEnv({ WEBHOOK_URLS: chat }).WEBHOOK_URLS).toEqual([
      "https://hooks.slack.com/services/T0/B0/x",
      "https://contoso.webhook.office.com/webhookb2/abc",
    ]);
    expect(() => parseEnv({ WEBHOOK_URLS: "https://crm.example.com/hooks/leads" })).toThrow(
      /WEBHOOK_SECRET: must be set/,
    );
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(
      parseEnv({ WEBHOOK_URLS: "https://crm.example.com/hooks/leads", WEBHOOK_SECRET: secret })
        .WEBHOOK_SECRET,
    ).toBe(secret);
    expect(() =>
      parseEnv({ WEBHOOK_URLS: "https://hooks.slack.com/services/T/B/x, crm.example.com/hooks" }),
    ).toThrow(/WEBHOOK_URLS: address 2 is not an absolute http/);
    expect(() => parseEnv({ WEBHOOK_URLS: "https://me:secret@crm.example.com/hooks" })).toThrow(
      /WEBHOOK_URLS/,
    );
    expect(() => parseEnv({ WEBHOOK_SECRET: "not-a-secret" })).toThrow(/WEBHOOK_SECRET: must be whsec_/);
    expect(() => parseEnv({ WEBHOOK_SECRET: `whsec_${Buffer.alloc(8).toString("base64")}` })).toThrow(
      /WEBHOOK_SECRET/,
    );
  });

  it("refuses to start in production on PostgreSQL without the three shared keys, naming each", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://site@db.internal/site" };
    expect(() => parseEnv(production)).toThrow(
      /NI_ENCRYPTION_KEY: must be set in production with PostgreSQL[\s\S]*IP_HASH_SALT[\s\S]*FORM_RESULT_SECRET/,
    );
    const keys = {
      NI_ENCRYPTION_KEY: "ab".repeat(32),
      IP_HASH_SALT: "a-salt-of-sixteen-characters",
      FORM_RESULT_SECRET: "s".repeat(40),
    };
    expect(parseEnv({ ...production, ...keys }).DATABASE_URL).toBe(production.DATABASE_URL);
    // SQLite in production, or PostgreSQL in development, may keep generating keys.json.
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
    expect(() => parseEnv({ DATABASE_URL: production.DATABASE_URL })).not.toThrow();
  });

  it("has database and lease timeouts of a few seconds by default", () => {
    expect(parseEnv({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 3000,
      DATABASE_QUERY_TIMEOUT_MS: 5000,
      OUTBOX_LEASE_MS: 120_000,
    });
  });

  it("reads the virus scanner's socket, or its host and port, and refuses both at once", () => {
    expect(parseEnv({}).CLAMD_SOCKET).toBeUndefined();
    expect(parseEnv({ CLAMD_SOCKET: "/run/clamav/clamd.ctl" }).CLAMD_SOCKET).toBe("/run/clamav/clamd.ctl");
    expect(parseEnv({ CLAMD_HOST: "scanner.internal", CLAMD_PORT: "3310" })).toMatchObject({
      CLAMD_HOST: "scanner.internal",
      CLAMD_PORT: 3310,
    });
    expect(() => parseEnv({ CLAMD_SOCKET: "/run/clamav/clamd.ctl", CLAMD_HOST: "scanner.internal" })).toThrow(
      /CLAMD_HOST: give either/,
    );
    expect(() => parseEnv({ CLAMD_PORT: "3310" })).toThrow(/CLAMD_PORT: needs CLAMD_HOST/);
    expect(() => parseEnv({ CLAMD_HOST: "scanner.internal", CLAMD_PORT: "none" })).toThrow(/CLAMD_PORT/);
  });
});
