// A browser's post refused without JavaScript is handed on to the page that renders it, with every value
// typed and each field's problem; scripts get each field's problem in the JSON. The real handlers on a real
// SQLite file; in place of React Router, the last handler reports what it was handed.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { niExampleMessage } from "#core/forms/careers-schema.ts";
import { applicationFields, applicationForm, samples, validEnquiry } from "../../tests/support/harness.ts";
import { createHttpServer } from "../app.ts";
import { parseEnv } from "../env.ts";
import { createLogger } from "../observability/logger.ts";
import { createServices, type Services } from "../services.ts";
import { refusedFormOf } from "./refused-form.ts";

const browser = { Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Mode": "navigate" };

let url = "";
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "refused-form-test-"));
  const env = parseEnv({
    DATABASE_URL: path.join(dataDir, "site.sqlite"),
    DATA_DIR: dataDir,
    CONTACT_RATE_LIMIT: "1000",
    CAREERS_RATE_LIMIT: "1000",
  });
  services = await createServices(env, createLogger("silent"));
  const app = express();
  app.use(services.leads);
  // Stands where React Router is mounted in the real server: says what it was handed, if anything.
  app.use((req, res) => {
    res.status(299).json({ method: req.method, path: req.path, refused: refusedFormOf(res) });
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
});

afterAll(() => close());

type HandedOver = {
  method: string;
  path: string;
  refused: {
    form: string;
    status: number;
    message: string;
    fields: Record<string, string>;
    values: Record<string, string>;
  } | null;
};

describe("a post refused without JavaScript", () => {
  it("hands the enquiry page every value typed and the field's problem, with nothing in a URL", async () => {
    const enquiry: Record<string, string> = {
      ...(validEnquiry({ phone: "call me", message: "Line one\r\nLine two" }) as Record<string, string>),
      website: "",
    };
    const response = await fetch(`${url}/contact-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: { ...browser, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(enquiry),
    });
    expect(response.status).toBe(299);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { method, path: at, refused } = (await response.json()) as HandedOver;
    expect([method, at]).toEqual(["POST", "/contact-handler.php"]);
    expect(refused?.form).toBe("contact");
    expect(refused?.status).toBe(400);
    expect(refused?.message).toMatch(/phone number we can call/);
    expect(refused?.fields).toEqual({ phone: refused?.message });
    // Every field as typed, line breaks and all; the hidden trap is not given back.
    expect(refused?.values).toEqual({
      firstName: enquiry.firstName,
      lastName: enquiry.lastName,
      email: enquiry.email,
      phone: "call me",
      company: enquiry.company,
      service: enquiry.service,
      message: "Line one\r\nLine two",
    });
  });

  it("hands the application page every text value and each field's problem, and no file", async () => {
    const fields = applicationFields({
      // As a browser sends a text area's lines.
      address: "12 Jersey Street\r\nManchester\r\nM4 6JB",
      rightToWork: "no",
      niNumber: "QQ 12 34 56 C",
    });
    const response = await fetch(`${url}/careers-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: browser,
      body: applicationForm(fields),
    });
    expect(response.status).toBe(299);
    const { refused } = (await response.json()) as HandedOver;
    expect(refused?.form).toBe("careers");
    expect(refused?.status).toBe(400);
    expect(refused?.values).toEqual(fields);
    expect(refused?.fields.rightToWork).toBe(
      "Unfortunately, you must have the right to work in the UK to apply for positions with us.",
    );
    expect(refused?.fields.niNumber).toBe(niExampleMessage);
    expect(Object.keys(refused?.fields ?? {}).sort()).toEqual(["niNumber", "rightToWork"]);
  });

  it("names the file field whose upload was refused", async () => {
    const response = await fetch(`${url}/careers-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: browser,
      body: applicationForm(applicationFields(), [{ field: "resume", name: "cv.pdf", content: samples.exe }]),
    });
    const { refused } = (await response.json()) as HandedOver;
    expect(Object.keys(refused?.fields ?? {})).toEqual(["resume"]);
    expect(refused?.fields.resume).toBe(refused?.message);
  });

  it("still answers with a redirect and a banner when the form could not be read at all", async () => {
    const response = await fetch(`${url}/contact-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: { ...browser, "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(response.status).toBe(303);
    expect(new URL(String(response.headers.get("location")), url).pathname).toBe("/contact");
  });
});

describe("a refusal sent to a script", () => {
  it("keeps { success, message } and adds each field's problem under errors", async () => {
    const response = await fetch(`${url}/contact-handler.php`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validEnquiry({ firstName: "", phone: "call me" })),
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as {
      success: boolean;
      message: string;
      errors: Record<string, string>;
    };
    expect(reply.success).toBe(false);
    expect(reply.message).toBe("Please enter your first name.");
    expect(reply.errors).toEqual({
      firstName: "Please enter your first name.",
      phone: "Please enter a phone number we can call, such as 0161 496 0123 or +44 161 496 0123.",
    });
  });

  it("sends no errors with a success", async () => {
    const response = await fetch(`${url}/contact-handler.php`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validEnquiry()),
    });
    const body = (await response.json()) as Record<string, unknown>;
    // The contract's two fields, and the receipt the confirmation shows (its reference and address).
    expect(Object.keys(body).sort()).toEqual(["message", "receipt", "success"]);
    expect(body.receipt).toEqual({ reference: expect.stringMatching(/^ENQ-/), email: validEnquiry().email });
  });
});
