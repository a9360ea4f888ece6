import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../../tests/support/harness.ts";
import { careersBodyLimit } from "./handlers.ts";

/**
 * The cheap checks on an application (its declared size, its length, where it comes from, the
 * allowance) come before it waits for its share of the upload memory budget: while stalled uploads
 * hold the whole budget, a post that will be refused is refused at once.
 */
describe("an application's checks before the memory budget", () => {
  let h: Harness;
  const stalled: Socket[] = [];
  const boundary = "----stalled";

  beforeAll(async () => {
    h = await startHarness("sqlite");
  });
  afterAll(async () => {
    for (const socket of stalled) socket.destroy();
    await h?.close();
  });

  /** Opens an application that declares the largest body allowed and then sends almost nothing. */
  async function stallUpload(): Promise<void> {
    const { port } = new URL(h.url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      [
        "POST /careers-handler.php HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${careersBodyLimit}`,
        "",
        `--${boundary}\r\n`,
      ].join("\r\n"),
    );
    stalled.push(socket);
  }

  /** Posts headers only and reports the answer, and whether the server asked for the body. */
  function ask(headers: Record<string, string | number>, chunk?: Buffer) {
    return new Promise<{ status: number; continued: boolean; body: string }>((resolve, reject) => {
      let continued = false;
      const req = request(`${h.url}/careers-handler.php`, {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
      });
      req.on("continue", () => {
        continued = true;
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (text: string) => {
          body += text;
        });
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, continued, body });
          req.destroy();
        });
      });
      // The server closes the connection after its answer, while the client may still be sending.
      req.on("error", reject);
      if (chunk) req.write(chunk);
      else req.flushHeaders();
    });
  }

  it("answers 413 to an oversize upload sent with Expect: 100-continue, and 411 to one without its length", async () => {
    // Three stalled uploads at the largest size hold the whole budget.
    for (let i = 0; i < 3; i++) await stallUpload();
    const waiting = await fetch(`${h.url}/readyz`);
    expect(waiting.status).toBe(200);

    const oversize = await ask({ "Content-Length": 50 * 1024 * 1024, Expect: "100-continue" });
    expect(oversize.status).toBe(413);
    // The server never asked for the body.
    expect(oversize.continued).toBe(false);
    expect(JSON.parse(oversize.body)).toMatchObject({ success: false });

    const chunked = await ask({ "Transfer-Encoding": "chunked" }, Buffer.alloc(64 * 1024, 0x20));
    expect(chunked.status).toBe(411);
    expect(JSON.parse(chunked.body).message).toMatch(/Content-Length/);

    // A declared size over the limit without Expect is refused at once too.
    const declared = await ask({ "Content-Length": 12 * 1024 * 1024 }, Buffer.alloc(64 * 1024, 0x20));
    expect(declared.status).toBe(413);
  });
});
