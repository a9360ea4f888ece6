// Every free-text field, public or staff, held to the one rule for its characters (core/characters.ts):
// each refuses the right-to-left override, the zero-width space and their kin with words that name it,
// and takes ordinary text with accents and emoji, and line breaks where the field has lines. The
// applicant's answer to an interview is held to it in server/applicants/self-service.test.ts, through
// the page's own service.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invisibleFormatting } from "#core/characters.ts";
import { careersSchema } from "#core/forms/careers-schema.ts";
import { contactSchema } from "#core/forms/contact-schema.ts";
import { fieldProblems } from "#core/forms/fields.ts";
import { quoteFieldName } from "#core/forms/quote-fields.ts";
import { vacancySchema } from "#core/vacancies/schema.ts";
import { parseChoices } from "./alerts/subscriptions.ts";
import { checkInterviewForm } from "./applicants/interview-form.ts";
import { checkWords } from "./applicants/stage-emails.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { addNote, noLead } from "./workspace/inbox/commands.ts";
import { sendReply } from "./workspace/replies.ts";
import { invite } from "./workspace/team.ts";

/** What the field said of a value: its problem in words, or null when it took it. */
type Check = (value: string) => Promise<string | null> | string | null;

const enquiry = {
  firstName: "Jo",
  lastName: "Bloggs",
  email: "jo@example.co.uk",
  phone: "",
  company: "",
  service: "security",
  message: "Please call me.",
};
const application = {
  firstName: "Tomasz",
  lastName: "Nowak",
  email: "tomasz@example.co.uk",
  phone: "07700 900123",
  address: "12 Jersey Street, Manchester M4 6JB",
  hasCarQuestion: "yes",
  hasUKLicense: "no",
  rightToWork: "yes",
  niNumber: "AB 12 34 56 C",
};
const vacancy = {
  title: "Night Security Officer",
  service: "security-officers",
  location: "Trafford Park",
  postcode: "M17 1AA",
  employmentType: "FULL_TIME",
  payFrom: "12.50",
  payTo: "13.50",
  payPeriod: "HOUR",
  hours: "Four nights a week",
  description: "Patrols and CCTV.",
  closesOn: "2030-12-31",
};
const interview = {
  date: "2030-03-04",
  time: "10:00",
  minutes: "45",
  placeKind: "address",
  place: "12 Jersey Street, Manchester M4 6JB",
  meetWith: "Priya Shah",
  note: "Bring your passport.",
};
const now = Date.parse("2030-03-01T09:00:00Z");

/** A schema's problem for one field, or null when that field has none. */
function problemOf(
  schema: { safeParse(input: unknown): { success: boolean; error?: unknown } },
  input: object,
  key: string,
) {
  const result = schema.safeParse(input);
  return result.success ? null : (fieldProblems(result.error as never)[key] ?? null);
}

let db: Database;
let dir = "";
let people = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "free-text-"));
  db = openDatabase(path.join(dir, "site.sqlite"));
  await migrate(db);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A staff service's refusal of the words, or null when it took them. A reply and a note are checked before
 * their lead is looked for, so "no such lead" (the lead here does not exist) means the words passed.
 */
function refusalOf(outcome: { ok: boolean; problem?: string }): string | null {
  if (outcome.ok || outcome.problem === noLead.problem) return null;
  return outcome.problem ?? null;
}

// Each field: where it is typed, the words its refusal starts with, whether it has lines, and its check.
const fields: { name: string; says: string; lines: boolean; check: Check }[] = [
  // The public forms.
  ...(["firstName", "lastName", "company"] as const).map((key) => ({
    name: `the contact form's ${key}`,
    says: { firstName: "First name", lastName: "Last name", company: "Company" }[key],
    lines: false,
    check: (value: string) => problemOf(contactSchema, { ...enquiry, [key]: value }, key),
  })),
  {
    name: "the contact form's message",
    says: "Message",
    lines: true,
    check: (value) => problemOf(contactSchema, { ...enquiry, message: value }, "message"),
  },
  {
    name: "a service question's text answer",
    says: "Hours and days",
    lines: false,
    check: (value) =>
      problemOf(
        contactSchema,
        { ...enquiry, details: { hours: value } },
        quoteFieldName("security", "hours"),
      ),
  },
  ...(["firstName", "lastName"] as const).map((key) => ({
    name: `the careers form's ${key}`,
    says: { firstName: "First name", lastName: "Last name" }[key],
    lines: false,
    check: (value: string) => problemOf(careersSchema, { ...application, [key]: value }, key),
  })),
  {
    name: "the careers form's address (its lines joined into one)",
    says: "Address",
    lines: true,
    check: (value) => problemOf(careersSchema, { ...application, address: value }, "address"),
  },
  // The workspace.
  ...(["title", "location", "hours"] as const).map((key) => ({
    name: `a vacancy's ${key}`,
    says: { title: "The job title", location: "The place of work", hours: "The hours" }[key],
    lines: false,
    check: (value: string) => problemOf(vacancySchema, { ...vacancy, [key]: value }, key),
  })),
  {
    name: "a vacancy's description",
    says: "The description",
    lines: true,
    check: (value) => problemOf(vacancySchema, { ...vacancy, description: value }, "description"),
  },
  {
    name: "an interview's address",
    says: "The address, number or link",
    lines: false,
    check: (value) => {
      const checked = checkInterviewForm({ ...interview, place: value }, now);
      return checked.ok ? null : checked.problem;
    },
  },
  {
    name: "who an interview is with",
    says: "Who they will meet",
    lines: false,
    check: (value) => {
      const checked = checkInterviewForm({ ...interview, meetWith: value }, now);
      return checked.ok ? null : checked.problem;
    },
  },
  {
    name: "an interview's note",
    says: "The note",
    lines: true,
    check: (value) => {
      const checked = checkInterviewForm({ ...interview, note: value }, now);
      return checked.ok ? null : checked.problem;
    },
  },
  {
    name: "a stage e-mail's (and a vacancy's \u201cnot this time\u201d) subject",
    says: "The subject",
    lines: false,
    check: (value) => refusalOf(checkWords({ subject: value, body: "Thank you for coming in." })),
  },
  {
    name: "a stage e-mail's (and a vacancy's \u201cnot this time\u201d) words",
    says: "The e-mail",
    lines: true,
    check: (value) => refusalOf(checkWords({ subject: "Your interview", body: value })),
  },
  {
    // The words are checked before the lead is looked for, so a lead that does not exist is enough here.
    name: "a reply's subject",
    says: "The subject",
    lines: false,
    check: async (value) =>
      refusalOf(
        await sendReply(db, {
          reference: "ENQ-ZZZZZZ",
          subject: value,
          body: "Thank you.",
          staffId: 1,
          now,
          replyTo: { enquiry: "", application: "" },
        }),
      ),
  },
  {
    name: "a reply's words",
    says: "The reply",
    lines: true,
    check: async (value) =>
      refusalOf(
        await sendReply(db, {
          reference: "ENQ-ZZZZZZ",
          subject: "Your quote",
          body: value,
          staffId: 1,
          now,
          replyTo: { enquiry: "", application: "" },
        }),
      ),
  },
  {
    name: "a lead's note",
    says: "The note",
    lines: true,
    check: async (value) =>
      refusalOf(await addNote(db, { reference: "ENQ-ZZZZZZ", body: value, staffId: 1, now })),
  },
  {
    name: "a new colleague's name",
    says: "Their name",
    lines: false,
    check: async (value) => {
      people += 1;
      try {
        await invite(db, { email: `person.${people}@cottonopolis.example`, name: value }, now);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
  },
];

// The characters that change how text reads, or hide: each is refused in every field.
const hidden = [
  ["a right-to-left override", "\u202E"],
  ["a left-to-right embedding", "\u202A"],
  ["a right-to-left isolate", "\u2067"],
  ["a pop directional isolate", "\u2069"],
  ["a right-to-left mark", "\u200F"],
  ["an Arabic letter mark", "\u061C"],
  ["a zero-width space", "\u200B"],
  ["a word joiner", "\u2060"],
  ["a byte-order mark", "\uFEFF"],
] as const;

describe.each(fields)("$name", ({ says, lines, check }) => {
  it.each(hidden)("refuses %s, naming the field", async (_what, character) => {
    const problem = await check(`Night${character}shift`);
    expect(problem).toBe(
      `${says} contains hidden characters that can change how it reads; please type it again without them.`,
    );
  });

  it("refuses a control character, naming the field", async () => {
    expect(await check("Night\u0000shift")).toMatch(new RegExp(`^${says.replace(/[()]/g, "\\$&")} `));
    expect(await check("Night\u0007shift")).toMatch(/control characters/);
  });

  it("takes ordinary words with accents and emoji, and the joiners some names and emoji are spelt with", async () => {
    expect(await check("Zoë Ó Briain-Łukasz, Café Crème 👍")).toBeNull();
    expect(await check("می\u200Cخواهم 👩\u200D🔧")).toBeNull();
  });

  it(lines ? "keeps line breaks, where it has lines" : "takes a line break only as one line", async () => {
    const problem = await check("First line\nSecond line");
    if (lines) expect(problem).toBeNull();
    else if (problem !== null) expect(problem).toContain(says);
  });
});

// A place is a town's name in letters or a postcode district: nothing else is a place, hidden or not.
// A byte-order mark is read as the space JavaScript takes it for, so it is never kept either.
describe("a job alert's place", () => {
  it.each(hidden)("never keeps %s", (_what, character) => {
    const checked = parseChoices({
      services: [],
      types: [],
      place: `Sal${character}ford`,
      frequency: "weekly",
    });
    if (checked.ok) expect(invisibleFormatting.test(checked.choices.place)).toBe(false);
    else expect(checked.fields.place).toMatch(/^Please give a town/);
  });

  it("takes a town's name with its accents", () => {
    const checked = parseChoices({ services: [], types: [], place: "Saint-Étienne", frequency: "weekly" });
    expect(checked).toMatchObject({ ok: true, choices: { place: "Saint-Étienne" } });
  });
});
