import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import vnuJar from "vnu-jar";
import { publicRoutes } from "./helpers";

const run = promisify(execFile);

type VnuMessage = {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

test("every page, the 404 page and a refused form's page are valid HTML to the Nu HTML Checker", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), "vnu-"));
  try {
    const pages: [string, string][] = [];
    for (const route of publicRoutes) pages.push([route, await (await request.get(route)).text()]);
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    pages.push(["/no-such-page", await missing.text()]);
    // A post refused without JavaScript is answered with the form's page, rendered there and then.
    const refused = await request.post("/careers-handler.php", {
      headers: { Accept: "text/html", "Sec-Fetch-Mode": "navigate" },
      multipart: {
        firstName: "Tomasz",
        lastName: "Nowak",
        email: "tomasz@example.com",
        phone: "07700 900123",
        address: "12 Jersey Street\r\nManchester",
        hasCarQuestion: "yes",
        hasUKLicense: "no",
        rightToWork: "no",
        niNumber: "QQ 12 34 56 C",
        website: "",
      },
    });
    expect(refused.status()).toBe(400);
    pages.push(["/careers-handler.php (refused)", await refused.text()]);

    const files = pages.map(([route, html], index) => {
      const file = path.join(folder, `${index}.html`);
      writeFileSync(file, html);
      return { route, file };
    });
    const java = process.env.JAVA ?? "java";
    // --exit-zero-always: the messages are read from the JSON report, not the exit code.
    const { stderr } = await run(
      java,
      [
        "-jar",
        String(vnuJar),
        "--errors-only",
        "--format",
        "json",
        "--exit-zero-always",
        ...files.map((f) => f.file),
      ],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages.map((message) => {
      const route =
        files.find((f) => message.url.endsWith(`/${path.basename(f.file)}`))?.route ?? message.url;
      return `${route}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`.trim();
    });
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
