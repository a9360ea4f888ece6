// The applicant's page as the server answers it: the real middleware in order (createApp), the page's
// real loader and action (app/routes/your-application.server.ts) over the real services, and a stand-in
// renderer that answers with what the route gave it. What must hold: the page is never cached, indexed
// or passed on as a Referer, the CSP still applies, the request log never keeps the link, a GET changes
// nothing, and every bad post gets a 4xx in words.
import { once } from "node:events";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EntryContext, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillContext } from "../../app/lib/app-context.ts";
import * as route from "../../app/routes/your-application.server.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  samples,
  startHarness,
} from "../../tests/support/harness.ts";
import { markedPdf, token as randomWord } from "../../tests/support/lifecycle.ts";
import { createApp, createHttpServer } from "../app.ts";
import { createLogger } from "../observability/logger.ts";
import { applicantLinkKey, signApplicantLink } from "../protection/applicant-link.ts";
import { applicantPageBodyLimit, isApplicantPagePath } from "./page-guard.ts";
import { createSelfService } from "./self-service.ts";

const site = "https://www.cottonopolis.example";

/** Renders nothing: answers with the route's data and the status React Router chose, as JSON. */
function renderData(_request: Request, status: number, headers: Headers, context: EntryContext) {
  const { loaderData, actionData } = context.staticHandlerContext;
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ loaderData, actionData }), { status, headers });
}

const build = {
  entry: { module: { default: renderData, fillContext } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: {
      id: "page",
      parentId: "root",
      path: "your-application",
      module: { loader: route.loader, action: route.action, headers: route.headers, default: () => null },
    },
  },
  assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("the applicant page's address", () => {
  it("is matched however the router would match it, with its data requests", () => {
    for (const path of [
      "/your-application",
      "/your-application/",
      "/YOUR-APPLICATION",
      "//your-application",
      "/%79our-application",
      "/your-application.data",
      "/x/../your-application",
      "/%2e/your-application",
    ]) {
      expect(isApplicantPagePath(path), path).toBe(true);
    }
    for (const path of ["/your-applications", "/careers", "/your-application/x", "/staff"]) {
      expect(isApplicantPagePath(path), path).toBe(false);
    }
  });
});

describe.each<Dialect>(["sqlite", "postgres"])("the applicant's page served on %s", (dialect) => {
  let h: Harness;
  let server: Server;
  let origin = "";
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    h = await startHarness(dialect, { PUBLIC_URL: site });
    const app = createApp({
      build,
      mode: "production",
      logger: createLogger("info", { write: (line: string) => void logged.push(JSON.parse(line)) }),
      services: h.services.app,
      ownOrigins: [site],
    });
    server = createHttpServer(app);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await h?.close();
  });

  /** A link to the application with this reference, signed as the server signs one, working until `expiresAt`. */
  async function linkFor(reference: string, expiresAt: number) {
    const [row] = await h.services.db.all<{ link_nonce: string }>(
      "SELECT link_nonce FROM applications WHERE reference = ?",
      [reference],
    );
    const key = applicantLinkKey(h.services.secrets.resultSecret);
    return signApplicantLink(key, { reference, linkNonce: row?.link_nonce ?? "" }, expiresAt);
  }

  /** Applies through the real careers endpoint; resolves to the reference and a working link for it. */
  async function apply() {
    const form = applicationForm(applicationFields({ email: `${randomWord(8)}@example.com` }));
    const response = await postApplication(h.url, form);
    const { message } = (await response.json()) as { message: string };
    const reference = /APP-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
    return { reference, link: await linkFor(reference, Date.now() + 60 * 60 * 1000) };
  }

  const pageOf = (link: string) => `${origin}/your-application?link=${encodeURIComponent(link)}`;

  async function status(reference: string) {
    const [row] = await h.services.db.all<{ status: string }>(
      "SELECT status FROM applications WHERE reference = ?",
      [reference],
    );
    return row?.status;
  }

  /** A post that declares a length and sends nothing, to see what the server answers before reading it. */
  function declaring(url: URL, length: number): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: "POST",
          agent: false,
          headers: {
            Origin: site,
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(length),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.flushHeaders();
    });
  }

  function post(url: string, body: BodyInit, headers: Record<string, string> = {}) {
    // The page's own origin, as a browser posting from the page sends it.
    return fetch(url, { method: "POST", body, headers: { Origin: origin, ...headers } });
  }

  it("serves the page uncached, unindexed and without a Referer, under the CSP, and logs no link", async () => {
    const { reference, link } = await apply();
    const response = await fetch(pageOf(link));
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("content-security-policy")).toMatch(
      /default-src 'self'.*frame-ancestors 'none'/,
    );
    const { loaderData } = (await response.json()) as {
      loaderData: { page: { state: string; view: unknown } };
    };
    expect(loaderData.page).toMatchObject({ state: "open", view: { reference } });

    const lines = logged.filter((line) => line.msg === "request");
    expect(lines.some((line) => line.path === "/your-application")).toBe(true);
    const everything = JSON.stringify(logged);
    expect(everything).not.toContain(link.split(".")[2]);
    expect(everything).not.toContain("link=");
  });

  it("answers every link that does not work with the same 404 page, and a GET never changes anything", async () => {
    const { reference, link } = await apply();
    const expired = await linkFor(reference, Date.now() - 1000);
    const altered = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
    const answers = new Set<string>();
    for (const url of [pageOf(expired), pageOf(altered), pageOf("nonsense"), `${origin}/your-application`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      answers.add(await response.text());
    }
    expect(answers.size).toBe(1);
    expect([...answers][0]).not.toContain(reference);

    // A link preview, or anything else that fetches the address, changes nothing, whatever it adds.
    await fetch(`${pageOf(link)}&intent=withdraw&confirm=delete-everything`);
    await fetch(pageOf(link), { method: "HEAD" });
    expect(await status(reference)).toBe("new");
  });

  it("takes the page's own posts, the new CV as a multipart form", async () => {
    const { reference, link } = await apply();
    const form = new FormData();
    form.append("intent", "replace-cv");
    form.append("cv", new Blob([new Uint8Array(markedPdf(randomWord()))]), "Fresh CV.pdf");
    const replaced = await post(pageOf(link), form);
    expect(replaced.status).toBe(200);
    const { actionData } = (await replaced.json()) as { actionData: { page: { result: { type: string } } } };
    expect(actionData.page.result.type).toBe("success");
    const [doc] = await h.services.db.all<{ file_name: string }>(
      "SELECT d.file_name FROM documents d JOIN applications a ON a.id = d.application_id WHERE a.reference = ?",
      [reference],
    );
    expect(doc?.file_name).toBe("Fresh CV.pdf");

    // A form posted without JavaScript from a page that sends no Referer comes with `Origin: null`; the
    // browser's Sec-Fetch-Site says it came from the page itself.
    const kept = await post(pageOf(link), new URLSearchParams({ intent: "keep-on-file" }), {
      Origin: "null",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(kept.status).toBe(200);
    const [row] = await h.services.db.all<{ keep_consent_at: number | null }>(
      "SELECT keep_consent_at FROM applications WHERE reference = ?",
      [reference],
    );
    expect(row?.keep_consent_at).not.toBeNull();

    const unconfirmed = await post(pageOf(link), new URLSearchParams({ intent: "withdraw" }));
    expect(unconfirmed.status).toBe(400);
    expect(await status(reference)).toBe("new");
    const withdrawn = await post(
      pageOf(link),
      new URLSearchParams({ intent: "withdraw", confirm: "withdraw" }),
    );
    expect(withdrawn.status).toBe(200);
    expect(await status(reference)).toBe("withdrawn");
  });

  it("answers every bad post with a 4xx in words, and changes nothing", async () => {
    const { reference, link } = await apply();
    const words = async (response: Response) => {
      const text = await response.text();
      try {
        const parsed = JSON.parse(text) as { actionData?: { page?: { result?: { message?: string } } } };
        return parsed.actionData?.page?.result?.message ?? text;
      } catch {
        return text;
      }
    };

    const json = await post(pageOf(link), JSON.stringify({ intent: "withdraw" }), {
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(415);
    expect(await words(json)).toMatch(/its own forms/);

    const broken = await post(pageOf(link), "--nope\r\nthis is not a form", {
      "Content-Type": "multipart/form-data; boundary=elsewhere",
    });
    expect(broken.status).toBe(400);
    expect(await words(broken)).toMatch(/could not be read|could not tell/);

    const noIntent = await post(pageOf(link), new URLSearchParams({ hello: "there" }));
    expect(noIntent.status).toBe(400);
    expect(await words(noIntent)).toMatch(/could not tell what you wanted/);

    const notACv = new FormData();
    notACv.append("intent", "replace-cv");
    notACv.append("cv", new Blob([new Uint8Array(samples.exe)]), "cv.pdf");
    const refused = await post(pageOf(link), notACv);
    expect(refused.status).toBe(400);
    expect(await words(refused)).toMatch(/does not look like a real PDF/);

    // Refused at the declared length, before a byte of the body is read.
    const tooLarge = await declaring(new URL(pageOf(link)), applicantPageBodyLimit + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toMatch(/too large/);

    const elsewhere = await post(pageOf(link), new URLSearchParams({ intent: "withdraw" }), {
      Origin: "https://evil.example",
    });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toMatch(/own page/);
    for (const fetchSite of ["cross-site", "same-site"]) {
      const hidden = await post(pageOf(link), new URLSearchParams({ intent: "withdraw" }), {
        Origin: "null",
        "Sec-Fetch-Site": fetchSite,
      });
      expect(hidden.status, fetchSite).toBe(403);
    }

    const expired = await linkFor(reference, Date.now() - 1000);
    const late = await post(pageOf(expired), new URLSearchParams({ intent: "withdraw" }));
    expect(late.status).toBe(404);

    expect(await status(reference)).toBe("new");
  });

  it("answers a post whose link does not work before reading its body, and 429 with Retry-After once its network has had its allowance", async () => {
    // The page's service with a small allowance per network, behind a proxy on this machine, so this
    // test's network is its own.
    const applicantPage = createSelfService({
      db: h.services.db,
      linkKey: applicantLinkKey(h.services.secrets.resultSecret),
      applicantLinks: () => ({ url: `${site}/your-application`, expiresAt: 0 }),
      applicationsTo: "jobs@cottonopolis.example",
      publicUrl: site,
      ipSalt: h.services.secrets.ipSalt,
      scanUploads: false,
      erase: async () => undefined,
      limits: { perNetwork: 4 },
    });
    const guarded = createHttpServer(
      createApp({
        build,
        mode: "production",
        logger: createLogger("silent"),
        services: { ...h.services.app, applicantPage },
        ownOrigins: [site],
        trustProxy: true,
      }),
    );
    guarded.listen(0, "127.0.0.1");
    await once(guarded, "listening");
    const at = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
    const network = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
    try {
      const { reference, link } = await apply();
      const bad = [`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`, "nonsense", ""];
      // A new CV's worth declared, its first 64 KB sent, and the rest never: a server that read the body
      // before answering would still be waiting when the test gave up on it.
      const declared = applicantPageBodyLimit - 1024;
      const answers: { status: number; retryAfter: string | undefined; connection: string | undefined }[] =
        [];
      for (let i = 0; i < 3; i++) {
        const token = bad[i % bad.length] ?? "";
        answers.push(
          await unfinished(
            new URL(`${at}/your-application?link=${encodeURIComponent(token)}`),
            network,
            declared,
          ),
        );
      }
      // A request for a fresh link is a form of one field: it is still read and answered as ever.
      const fresh = await fetch(`${at}/your-application?link=nonsense`, {
        method: "POST",
        body: new URLSearchParams({ intent: "fresh-link" }),
        headers: { Origin: at, "X-Forwarded-For": network },
      });
      expect(fresh.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        answers.push(await unfinished(new URL(`${at}/your-application?link=nonsense`), network, declared));
      }
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429, 429]);
      for (const answer of answers) expect(answer.connection).toBe("close");
      expect(Number(answers[3]?.retryAfter)).toBeGreaterThan(0);
      expect(Number(answers[3]?.retryAfter)).toBeLessThanOrEqual(3600);
      // Now a working link from that network is held back too, before its body is read.
      const held = await unfinished(
        new URL(`${at}/your-application?link=${encodeURIComponent(link)}`),
        network,
        declared,
      );
      expect(held.status).toBe(429);
      expect(await status(reference)).toBe("new");
    } finally {
      guarded.closeAllConnections();
      await new Promise<void>((resolve) => guarded.close(() => resolve()));
    }
  });
});

/**
 * A multipart post from `network` (through the proxy) that declares `length`, sends its first 64 KB and
 * never the rest; resolves with the answer, which must come while the upload is unfinished, or rejects
 * after five seconds without one.
 */
function unfinished(
  url: URL,
  network: string,
  length: number,
): Promise<{ status: number; retryAfter: string | undefined; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      agent: false,
      headers: {
        // The page's own origin, as a browser posting from the page sends it.
        Origin: url.origin,
        "X-Forwarded-For": network,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(length),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("No answer while the body was still to come: the server waited for it"));
    }, 5000);
    req.on("response", (res) => {
      clearTimeout(timer);
      res.resume();
      resolve({
        status: res.statusCode ?? 0,
        retryAfter: res.headers["retry-after"],
        connection: res.headers.connection,
      });
      req.destroy();
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.write(
      Buffer.concat([
        Buffer.from('--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreplace-cv\r\n'),
        Buffer.alloc(64 * 1024, 0x41),
      ]),
    );
  });
}
