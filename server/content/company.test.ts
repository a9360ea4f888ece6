import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyFieldsOf, companyFromFields } from "#core/content/company.ts";
import { type CompanyFacts, companyKey, shippedCompany } from "#core/content/company-facts.ts";
import {
  deliverAll,
  type Harness,
  postEnquiry,
  type ReceivedMail,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { addStaff } from "../tables/staff.ts";
import { createContent } from "./content.ts";

const newPhone = "0161 496 0777";
const oldPhone = shippedCompany.phone.display;

function facts(changes: Partial<ReturnType<typeof companyFieldsOf>>): CompanyFacts {
  const checked = companyFromFields({ ...companyFieldsOf(shippedCompany), ...changes });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.value;
}

describe.each(["sqlite", "postgres"] as const)("the company's details as site content (%s)", (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;
  let editor: { id: number };
  let approver: { id: number };

  beforeAll(async () => {
    await smtp.start();
    h = await startHarness(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const person = async (name: string, rights: { editContent?: boolean; approveContent?: boolean }) => ({
      id: await addStaff(h.services.db, {
        email: `${randomBytes(4).toString("hex")}@cottonopolis.example`,
        name,
        admin: false,
        vacancies: false,
        ...rights,
        userHandle: randomBytes(8).toString("hex"),
        now: Date.now(),
      }),
    });
    editor = await person("Edith Editor", { editContent: true });
    approver = await person("Arun Approver", { approveContent: true });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await smtp.stop();
  });

  /** Sends what is queued and returns the e-mails that arrived for `to`. */
  async function arrived(to: string): Promise<ReceivedMail[]> {
    await deliverAll(h);
    return smtp.messages.filter((mail) => mail.envelopeTo.includes(to));
  }

  it("starts from the shipped facts, published once", async () => {
    const { content } = h.services.app;
    expect(content.published().company).toEqual(shippedCompany);
    expect(content.differsFromBuild()).toBe(false);
    const history = await content.history("company", companyKey);
    expect(history?.map((version) => [version.version, version.state, version.authorId])).toEqual([
      [1, "published", null],
    ]);
  });

  it("publishes a new phone at once, and the next acknowledgement's signature carries it, text and HTML", async () => {
    const { content } = h.services.app;
    const saved = await content.save(editor, {
      kind: "company",
      key: companyKey,
      body: facts({ phone: newPhone }),
      basedOn: 1,
      ask: false,
    });
    expect(saved).toEqual({ ok: true, version: 2, state: "draft" });
    expect(await content.publish(editor, { kind: "company", key: companyKey, version: 2 })).toEqual({
      ok: true,
      version: 2,
      state: "published",
    });
    expect(content.published().company.phone).toEqual({ display: newPhone, e164: "+441614960777" });
    expect(content.differsFromBuild()).toBe(true);

    // Another process on the same database reads it too.
    const elsewhere = createContent({ db: h.services.db });
    await elsewhere.refresh();
    expect(elsewhere.published().company.phone.display).toBe(newPhone);

    const email = `buyer.${dialect}@example.org`;
    const response = await postEnquiry(h.url, validEnquiry({ email }));
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as { message: string };
    const reference = /ENQ-[0-9A-Z]{6}/.exec(message)?.[0] ?? "";
    const [ack] = await arrived(email);
    const text = ack?.parsed.text ?? "";
    const html = String(ack?.parsed.html ?? "");
    expect(text).toContain(`call us on ${newPhone}`);
    expect(text).toContain(`${newPhone} · ${shippedCompany.email}`);
    expect(html).toContain(newPhone);
    expect(html).toContain("tel:+441614960777");
    expect(text).not.toContain(oldPhone);
    expect(html).not.toContain(oldPhone);

    // A reply from the workspace is signed with it too.
    const me = {
      id: editor.id,
      email: "",
      name: "Edith Editor",
      isAdmin: false,
      sessionHash: "",
      confirmedAt: 0,
    };
    const sent = await h.services.app.workspace.inbox.sendReply(
      reference,
      { subject: "Your quote", body: "Thank you." },
      me,
    );
    expect(sent.ok).toBe(true);
    const reply = (await arrived(email)).find((mail) => mail.parsed.subject?.includes("Your quote"));
    expect(reply?.parsed.text).toContain(newPhone);
    expect(reply?.parsed.text).not.toContain(oldPhone);
  });

  it("needs a second person to publish a change of the company number or the contact e-mail", async () => {
    const { content } = h.services.app;
    const legal = facts({ phone: newPhone, companyNumber: "19482307" });
    const draft = await content.save(editor, {
      kind: "company",
      key: companyKey,
      body: legal,
      basedOn: 2,
      ask: false,
    });
    expect(draft).toMatchObject({ ok: true, version: 3, state: "draft" });
    expect(await content.publish(editor, { kind: "company", key: companyKey, version: 3 })).toMatchObject({
      ok: false,
      status: 403,
      problem: expect.stringContaining("ask for approval"),
    });
    expect(content.published().company.registration.companyNumber).toBe("19482306");

    const asked = await content.save(editor, {
      kind: "company",
      key: companyKey,
      body: { ...legal, email: "hello@cottonopolis.example" },
      basedOn: 3,
      ask: true,
    });
    expect(asked).toEqual({ ok: true, version: 4, state: "awaiting" });
    expect(await content.approve(editor, { kind: "company", key: companyKey, version: 4 })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await content.approve(approver, { kind: "company", key: companyKey, version: 4 })).toMatchObject({
      ok: true,
      state: "published",
    });
    expect(content.published().company.registration.companyNumber).toBe("19482307");
    expect(content.published().company.email).toBe("hello@cottonopolis.example");
  });

  it("refuses a version that breaks the rules, with the problem by its field", async () => {
    const { content } = h.services.app;
    const outcome = await content.save(editor, {
      kind: "company",
      key: companyKey,
      body: { ...shippedCompany, phone: { display: "not a number" } },
      basedOn: 4,
      ask: false,
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problems: { phone: "Enter a UK phone number, such as 0161 496 0123." },
    });
  });
});
