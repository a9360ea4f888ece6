import { readdirSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  samples,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { createHttpServer } from "../app.ts";

type Case = {
  name: string;
  status: number;
  message: RegExp;
  send: (url: string) => Promise<Response>;
};

const contact = "/contact-handler.php";
const careers = "/careers-handler.php";

function json(body: unknown, headers: Record<string, string> = {}) {
  return (url: string) =>
    fetch(`${url}${contact}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
}

function enquiryWith(overrides: Record<string, unknown>) {
  return json(validEnquiry(overrides));
}

function enquiryWithout(field: string) {
  const body = validEnquiry();
  delete body[field];
  return json(body);
}

function multipart(form: FormData, headers: Record<string, string> = {}) {
  return (url: string) => fetch(`${url}${careers}`, { method: "POST", headers, body: form });
}

function applicationWith(overrides: Record<string, string>) {
  return multipart(applicationForm(applicationFields(overrides)));
}

function applicationWithFiles(files: { field: string; name: string; content: Buffer }[]) {
  return multipart(applicationForm(applicationFields(), files));
}

/** Sends raw bytes with whatever headers a misbehaving client might, and reads the reply. */
function raw(path: string, headers: Record<string, string>, body: string | null) {
  // A body is sent with its length, as browsers send forms, unless the case streams it in chunks.
  const length: Record<string, string> =
    body !== null && !headers["Transfer-Encoding"]
      ? { "Content-Length": String(Buffer.byteLength(body)) }
      : {};
  return (url: string) =>
    new Promise<Response>((resolve, reject) => {
      const req = request(
        `${url}${path}`,
        { method: "POST", headers: { ...length, ...headers }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve(
              new Response(Buffer.concat(chunks), {
                status: res.statusCode ?? 0,
                headers: res.headers as HeadersInit,
              }),
            ),
          );
        },
      );
      req.on("error", reject);
      if (body !== null) req.write(body);
      req.end();
    });
}

const long = (n: number) => "a".repeat(n);
const oversizedMessage = JSON.stringify(validEnquiry({ message: long(40_000) }));

const cases: Case[] = [
  // The contact endpoint: body format.
  { name: "malformed JSON", status: 400, message: /not valid JSON/, send: json('{"firstName": "Ann",') },
  { name: "a JSON array", status: 400, message: /expected a JSON object/, send: json("[]") },
  { name: "JSON null", status: 400, message: /expected a JSON object/, send: json("null") },
  { name: "a JSON string", status: 400, message: /expected a JSON object/, send: json('"hello"') },
  { name: "an empty body", status: 400, message: /not valid JSON/, send: json("") },
  {
    name: "text/plain",
    status: 415,
    message: /as JSON/,
    send: (url) =>
      fetch(`${url}${contact}`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hi" }),
  },
  { name: "no content type", status: 415, message: /as JSON/, send: raw(contact, {}, '{"a":1}') },
  {
    name: "multipart to the contact endpoint",
    status: 415,
    message: /as JSON/,
    send: (url) => fetch(`${url}${contact}`, { method: "POST", body: new FormData() }),
  },
  {
    name: "a body over the limit, declared by Content-Length",
    status: 413,
    message: /too long/,
    send: json(oversizedMessage),
  },
  {
    name: "a body over the limit, sent in chunks without a length",
    status: 413,
    message: /too long/,
    send: raw(
      contact,
      { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      oversizedMessage,
    ),
  },
  {
    name: "a Content-Length far over the limit, refused before reading",
    status: 413,
    message: /too long/,
    send: raw(contact, { "Content-Type": "application/json", "Content-Length": "50000000" }, null),
  },
  // The contact endpoint: fields.
  {
    name: "missing firstName",
    status: 400,
    message: /missing the first name/,
    send: enquiryWithout("firstName"),
  },
  { name: "missing message", status: 400, message: /missing the message/, send: enquiryWithout("message") },
  {
    name: "empty firstName",
    status: 400,
    message: /Please enter your first name/,
    send: enquiryWith({ firstName: "" }),
  },
  {
    name: "blank lastName",
    status: 400,
    message: /Please enter your last name/,
    send: enquiryWith({ lastName: "   " }),
  },
  {
    name: "blank message",
    status: 400,
    message: /Please enter your message/,
    send: enquiryWith({ message: " \n " }),
  },
  {
    name: "a bad e-mail",
    status: 400,
    message: /valid email address/,
    send: enquiryWith({ email: "not-an-email" }),
  },
  {
    name: "header injection in the e-mail",
    status: 400,
    message: /one line/,
    send: enquiryWith({ email: "a@example.com\r\nBcc: victim@example.com" }),
  },
  {
    name: "header injection in a name",
    status: 400,
    message: /one line/,
    send: enquiryWith({ firstName: "Ann\r\nBcc: victim@example.com" }),
  },
  {
    name: "NUL in the message",
    status: 400,
    message: /control characters/,
    send: enquiryWith({ message: "Hello\u0000" }),
  },
  {
    name: "an escape code in the message",
    status: 400,
    message: /control characters/,
    send: enquiryWith({ message: "\u001b[31mHi" }),
  },
  {
    name: "firstName too long",
    status: 400,
    message: /100 characters or fewer/,
    send: enquiryWith({ firstName: long(101) }),
  },
  {
    name: "company too long",
    status: 400,
    message: /200 characters or fewer/,
    send: enquiryWith({ company: long(201) }),
  },
  {
    name: "message too long",
    status: 400,
    message: /5000 characters or fewer/,
    send: enquiryWith({ message: long(5001) }),
  },
  {
    name: "an unknown service",
    status: 400,
    message: /choose a service/,
    send: enquiryWith({ service: "plumbing" }),
  },
  {
    name: "an implausible phone",
    status: 400,
    message: /phone number we can call/,
    send: enquiryWith({ phone: "call me" }),
  },
  {
    name: "a phone too short",
    status: 400,
    message: /phone number we can call/,
    send: enquiryWith({ phone: "0161" }),
  },
  { name: "a number for a name", status: 400, message: /must be text/, send: enquiryWith({ firstName: 42 }) },
  { name: "an extra field", status: 400, message: /do not recognise/, send: enquiryWith({ isAdmin: true }) },
  {
    name: "a field sent twice in JSON",
    status: 400,
    message: /more than once/,
    send: json(`{"firstName":"Ann",${JSON.stringify(validEnquiry()).slice(1)}`),
  },
  {
    name: "a field sent twice in a form post",
    status: 400,
    message: /more than once/,
    send: (url) =>
      fetch(`${url}${contact}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `${new URLSearchParams(validEnquiry() as Record<string, string>)}&email=b%40example.com`,
      }),
  },
  {
    name: "a bad Idempotency-Key",
    status: 400,
    message: /Idempotency-Key/,
    send: json(validEnquiry(), { "Idempotency-Key": "x" }),
  },
  // The contact endpoint: method and origin.
  {
    name: "GET on the contact endpoint",
    status: 405,
    message: /only accepts form submissions/,
    send: (url) => fetch(`${url}${contact}`),
  },
  {
    name: "PUT on the contact endpoint",
    status: 405,
    message: /only accepts form submissions/,
    send: (url) => fetch(`${url}${contact}`, { method: "PUT", body: "{}" }),
  },
  {
    name: "a cross-site post",
    status: 403,
    message: /our own website/,
    send: json(validEnquiry(), { "Sec-Fetch-Site": "cross-site" }),
  },
  {
    name: "another origin",
    status: 403,
    message: /our own website/,
    send: json(validEnquiry(), { Origin: "https://evil.example" }),
  },
  {
    name: "an opaque origin",
    status: 403,
    message: /our own website/,
    send: json(validEnquiry(), { Origin: "null" }),
  },

  // The careers endpoint: body format.
  {
    name: "JSON to the careers endpoint",
    status: 415,
    message: /multipart form/,
    send: (url) =>
      fetch(`${url}${careers}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
  },
  {
    name: "multipart without a boundary",
    status: 400,
    message: /boundary/,
    send: raw(careers, { "Content-Type": "multipart/form-data" }, "--x\r\n"),
  },
  {
    name: "a multipart body cut short",
    status: 400,
    message: /could not be read/,
    send: raw(
      careers,
      { "Content-Type": "multipart/form-data; boundary=XyZ" },
      '--XyZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAnn',
    ),
  },
  {
    name: "an application streamed in chunks without its length",
    status: 411,
    message: /Content-Length/,
    send: raw(
      careers,
      { "Content-Type": "multipart/form-data; boundary=XyZ", "Transfer-Encoding": "chunked" },
      '--XyZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAnn\r\n--XyZ--\r\n',
    ),
  },
  {
    name: "a Content-Length over the application limit",
    status: 413,
    message: /too large/,
    send: raw(
      careers,
      { "Content-Type": "multipart/form-data; boundary=XyZ", "Content-Length": "60000000" },
      null,
    ),
  },
  // The careers endpoint: fields.
  {
    name: "right to work: no",
    status: 400,
    message: /must have the right to work in the UK/,
    send: applicationWith({ rightToWork: "no" }),
  },
  {
    name: "right to work: maybe",
    status: 400,
    message: /yes or no/,
    send: applicationWith({ rightToWork: "maybe" }),
  },
  {
    name: "a missing yes/no answer",
    status: 400,
    message: /yes or no: do you have a car/,
    send: (url) => {
      const fields = applicationFields();
      delete fields.hasCarQuestion;
      return multipart(applicationForm(fields))(url);
    },
  },
  {
    name: "HMRC's example NI number",
    status: 400,
    message: /National Insurance/,
    send: applicationWith({ niNumber: "QQ 12 34 56 C" }),
  },
  {
    name: "an NI number with suffix E",
    status: 400,
    message: /National Insurance/,
    send: applicationWith({ niNumber: "AB 12 34 56 E" }),
  },
  {
    name: "an NI number with prefix GB",
    status: 400,
    message: /National Insurance/,
    send: applicationWith({ niNumber: "GB 12 34 56 A" }),
  },
  {
    name: "an NI number with O second",
    status: 400,
    message: /National Insurance/,
    send: applicationWith({ niNumber: "AO 12 34 56 A" }),
  },
  {
    name: "an NI number too short",
    status: 400,
    message: /National Insurance/,
    send: applicationWith({ niNumber: "AB 12 34 5 A" }),
  },
  {
    name: "no phone on an application",
    status: 400,
    message: /Please enter your phone number/,
    send: applicationWith({ phone: "" }),
  },
  {
    name: "a control character in the address",
    status: 400,
    message: /one line/,
    send: applicationWith({ address: "1 High St\u0007" }),
  },
  {
    name: "a bad e-mail on an application",
    status: 400,
    message: /valid email address/,
    send: applicationWith({ email: "tom@" }),
  },
  {
    name: "an unknown text field",
    status: 400,
    message: /do not recognise/,
    send: applicationWith({ salary: "100000" }),
  },
  {
    name: "a field sent twice",
    status: 400,
    message: /more than once/,
    send: (url) => {
      const form = applicationForm();
      form.append("firstName", "Again");
      return multipart(form)(url);
    },
  },
  {
    name: "an answer far too long",
    status: 413,
    message: /too long/,
    send: applicationWith({ address: long(9000) }),
  },
  // The careers endpoint: files.
  { name: "no CV", status: 400, message: /attach your CV/, send: applicationWithFiles([]) },
  {
    name: "a CV named .exe",
    status: 400,
    message: /file types: PDF, DOC, DOCX/,
    send: applicationWithFiles([{ field: "resume", name: "cv.exe", content: samples.exe }]),
  },
  {
    name: "a CV named .txt",
    status: 400,
    message: /file types/,
    send: applicationWithFiles([{ field: "resume", name: "cv.txt", content: samples.pdf }]),
  },
  {
    name: "a GIF as the other document",
    status: 400,
    message: /JPG, JPEG, PNG/,
    send: applicationWithFiles([
      { field: "resume", name: "cv.pdf", content: samples.pdf },
      { field: "otherDocuments", name: "photo.gif", content: Buffer.from("GIF89a") },
    ]),
  },
  {
    name: "an empty CV",
    status: 400,
    message: /is empty/,
    send: applicationWithFiles([{ field: "resume", name: "cv.pdf", content: Buffer.alloc(0) }]),
  },
  {
    name: "a Word document that is really a PNG",
    status: 400,
    message: /does not look like a real DOCX/,
    send: applicationWithFiles([{ field: "resume", name: "cv.docx", content: samples.png }]),
  },
  {
    name: "an unknown file field",
    status: 400,
    message: /file we do not recognise/,
    send: applicationWithFiles([
      { field: "resume", name: "cv.pdf", content: samples.pdf },
      { field: "photo", name: "me.png", content: samples.png },
    ]),
  },
  {
    name: "two CVs",
    status: 400,
    message: /one file in each/,
    send: applicationWithFiles([
      { field: "resume", name: "cv.pdf", content: samples.pdf },
      { field: "resume", name: "cv2.pdf", content: samples.pdf },
    ]),
  },
  // The careers endpoint: method and origin.
  {
    name: "GET on the careers endpoint",
    status: 405,
    message: /only accepts form submissions/,
    send: (url) => fetch(`${url}${careers}`),
  },
  {
    name: "DELETE on the careers endpoint",
    status: 405,
    message: /only accepts form submissions/,
    send: (url) => fetch(`${url}${careers}`, { method: "DELETE" }),
  },
  {
    name: "a cross-site application",
    status: 403,
    message: /our own website/,
    send: multipart(applicationForm(), { "Sec-Fetch-Site": "cross-site" }),
  },
];

const dialects: Dialect[] = ["sqlite", "postgres"];

describe.each(dialects)("bad input on %s", (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("has at least 40 cases across both endpoints", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(
      cases.filter((c) => c.name.includes("careers") || c.send.toString().includes("careers")).length,
    ).toBeGreaterThan(0);
  });

  it.each(cases)("$name: $status", async ({ status, message, send }) => {
    const response = await send(h.url);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(body.message).not.toMatch(/at .*\.ts:\d+|Error:/);
    if (status === 405) expect(response.headers.get("allow")).toBe("POST");
  });

  it("left no row and no mail behind", async () => {
    for (const table of ["enquiries", "applications", "documents", "outbox"]) {
      const [row] = await h.services.db.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect(Number(row?.n), table).toBe(0);
    }
  });

  it("left no file behind: uploads are held in memory, never written out", () => {
    const files = readdirSync(h.store.dataDir, { recursive: true, encoding: "utf8" });
    expect(files.filter((name) => name !== "keys.json" && !name.startsWith("site.sqlite"))).toEqual([]);
  });

  it("cuts off a client that stalls mid-body with 408", async () => {
    const { port } = new URL(h.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST ${contact} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"first`,
        );
      });
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString();
      });
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe("the production server's client timeouts", () => {
  it("gives a client 10 s for its headers and 30 s for the whole request, far below Node's defaults", () => {
    const server = createHttpServer(() => {});
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
  });
});
