import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonceFor, inlineScriptHashes, scriptHash, securityHeaders } from "./security.ts";

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script and skips scripts loaded by URL", () => {
    const html =
      '<script>console.log("a")</script><script type="module" async="">import "/x.js";\n</script>' +
      '<script src="/assets/app.js"></script><script nonce="n">  </script>';
    const expected = ['console.log("a")', 'import "/x.js";\n', "  "].map(
      (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
    );
    expect(inlineScriptHashes(html)).toEqual(expected);
    expect(scriptHash('console.log("a")')).toBe(expected[0]);
  });
});

describe("securityHeaders", () => {
  let server: Server;
  let origin = "";

  beforeAll(async () => {
    const app = express();
    app.use(
      securityHeaders({
        mapOrigin: "https://maps.example",
        trustProxy: true,
        scriptHashesFor: (req) => (req.url === "/prerendered" ? ["'sha256-abc='"] : undefined),
      }),
    );
    // A prerendered page is served as a file; anything else is rendered by React Router, which asks for
    // the nonce (getLoadContext).
    app.get("/prerendered", (_req, res) => res.type("html").send("<p>Prerendered</p>"));
    app.get("/{*path}", (_req, res) => res.json({ nonce: cspNonceFor(res) }));
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("gives a page rendered now a fresh nonce, the same one the app reads", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${origin}/rendered`);
      const { nonce } = (await response.json()) as { nonce: string };
      expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("allows a prerendered page's scripts by hash, with no nonce", async () => {
    const response = await fetch(`${origin}/prerendered`);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-abc='");
    expect(response.headers.get("content-security-policy")).not.toContain("nonce-");
  });

  it("switches a response to a nonce when React Router renders a page expected to be a file", async () => {
    const app = express();
    app.use(
      securityHeaders({
        mapOrigin: "https://maps.example",
        trustProxy: false,
        scriptHashesFor: () => ["'sha256-x='"],
      }),
    );
    app.get("/", (_req, res) => res.json({ nonce: cspNonceFor(res) }));
    const late = app.listen(0, "127.0.0.1");
    await once(late, "listening");
    const address = late.address();
    const response = await fetch(
      `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`,
    );
    const { nonce } = (await response.json()) as { nonce: string };
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(policy).not.toContain("sha256-x=");
    await new Promise<void>((resolve) => late.close(() => resolve()));
  });

  it("sandboxes the workspace's document downloads, even once React Router asks for a nonce", async () => {
    const app = express();
    app.use(
      securityHeaders({
        mapOrigin: "https://maps.example",
        trustProxy: false,
        scriptHashesFor: () => undefined,
      }),
    );
    // As getLoadContext does for every request React Router answers.
    app.get("/{*path}", (_req, res) => res.json({ nonce: cspNonceFor(res) }));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const download = await fetch(`${base}/staff/leads/APP-7K3Q9M/documents/12`);
      expect(download.headers.get("content-security-policy")).toBe("sandbox");
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
      // The lead's page and anything else keep the page policy.
      for (const path of ["/staff/leads/APP-7K3Q9M", "/staff/leads/APP-7K3Q9M/documents", "/documents/12"]) {
        const page = await fetch(`${base}${path}`);
        expect(page.headers.get("content-security-policy"), path).toContain("script-src 'self' 'nonce-");
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("lets only /contact frame the maps service", async () => {
    const contact = await fetch(`${origin}/contact`);
    expect(contact.headers.get("content-security-policy")).toContain("frame-src https://maps.example");
    const contactSlash = await fetch(`${origin}/contact/?result=ok`);
    expect(contactSlash.headers.get("content-security-policy")).toContain("frame-src https://maps.example");
    const about = await fetch(`${origin}/about`);
    expect(about.headers.get("content-security-policy")).toContain("frame-src 'none'");
  });

  it("sends HSTS only when a trusted proxy says the visitor came over HTTPS", async () => {
    const plain = await fetch(`${origin}/`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(`${origin}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const downgraded = await fetch(`${origin}/`, { headers: { "x-forwarded-proto": "http" } });
    expect(downgraded.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("securityHeaders when PUBLIC_URL is https", () => {
  it("sends HSTS on every response, even when the proxy in front does not say https", async () => {
    const app = express();
    app.use(
      securityHeaders({
        mapOrigin: "https://maps.example",
        trustProxy: true,
        scriptHashesFor: () => [],
        httpsSite: true,
      }),
    );
    app.get("/", (_req, res) => res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      for (const proto of [undefined, "http", "https"]) {
        const response = await fetch(`${base}/`, { headers: proto ? { "x-forwarded-proto": proto } : {} });
        expect(response.headers.get("strict-transport-security"), String(proto)).toBe(
          "max-age=63072000; includeSubDomains",
        );
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("securityHeaders without a trusted proxy", () => {
  it("ignores X-Forwarded-Proto, which anyone can send", async () => {
    const app = express();
    app.use(
      securityHeaders({ mapOrigin: "https://maps.example", trustProxy: false, scriptHashesFor: () => [] }),
    );
    app.get("/", (_req, res) => res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
