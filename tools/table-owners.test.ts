// The table check itself (npm run lint:tables): what it refuses and what it lets through, on a small
// tree laid out like the repository's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { check, findingsIn, owners } from "./table-owners.ts";

let dir = "";
/** A file of the owner of applications (a file of its folder when the owner is a folder). */
const applicationsOwner = (owners.applications ?? "").replace(/\/$/, "/records.ts");

/** The findings of the check on a tree with these files (and a migration creating the given tables). */
function findings(files: Record<string, string>, tables = ["applications", "staff"]): string[] {
  dir = mkdtempSync(path.join(tmpdir(), "table-owners-"));
  const all: Record<string, string> = {
    "server/db/migrations/both/001_start.sql": tables
      .map((table) => `CREATE TABLE ${table} (id INTEGER PRIMARY KEY);\n`)
      .join(""),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  for (const folder of ["app", "core", "scripts", "server"])
    mkdirSync(path.join(dir, folder), { recursive: true });
  return check(dir).map((finding) => `${finding.file}:${finding.line}: ${finding.message}`);
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("one owner per table (npm run lint:tables)", () => {
  it("lets a table's owner query it", () => {
    expect(
      findings({
        [applicationsOwner]:
          'export const byReference = (db) => db.all("SELECT * FROM applications WHERE reference = ?", []);\n',
      }),
    ).toEqual([]);
  });

  it("refuses a query of applications from a feature, naming the table and its owner", () => {
    const found = findings({
      "server/workspace/inbox/peek.ts":
        'export const peek = (db) =>\n  db.all(`SELECT reference\n    FROM applications WHERE status = ?`, ["new"]);\n',
    });
    expect(found).toEqual([
      `server/workspace/inbox/peek.ts:2: SQL names the table "applications", which ${owners.applications} owns: call a function of ${owners.applications} instead`,
    ]);
  });

  it("refuses a join, an insert and an update outside the owner as well as a select", () => {
    const found = findings({
      "server/leads/sneak.ts": [
        'export const a = "SELECT 1 FROM enquiries e JOIN staff s ON s.id = e.owner_id";',
        'export const b = "INSERT INTO staff (email) VALUES (?)";',
        'export const c = "UPDATE staff SET name = ?";',
        'export const d = "DELETE FROM staff WHERE id = ?";',
      ].join("\n"),
    });
    // The join names two tables, each with its owner.
    expect(found.map((line) => line.split(": ")[0])).toEqual([
      "server/leads/sneak.ts:1",
      "server/leads/sneak.ts:1",
      "server/leads/sneak.ts:2",
      "server/leads/sneak.ts:3",
      "server/leads/sneak.ts:4",
    ]);
    expect(found.filter((line) => line.includes(`"staff", which ${owners.staff} owns`))).toHaveLength(4);
    expect(found[0]).toContain(`"enquiries", which ${owners.enquiries} owns`);
  });

  it("refuses a statement whose table is chosen at run time outside an owner", () => {
    const found = findings({
      "server/follow-up/count.ts":
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as a file holds it
        "export const count = (db, table) => db.all(`SELECT COUNT(*) AS n FROM ${table} WHERE status = 'new'`);\n",
    });
    expect(found).toEqual([
      "server/follow-up/count.ts:1: SQL names a table chosen at run time: only a table's owner in server/tables/ may build a statement this way",
    ]);
  });

  it("reads words, not SQL, in sentences and in the tests", () => {
    expect(
      findings({
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, as a file holds it
        "core/config/copy.ts": 'export const line = `A word from staff to ${"you"}, from ${"us"}`;\n',
        "server/workspace/peek.test.ts": 'export const q = "SELECT * FROM applications";\n',
      }),
    ).toEqual([]);
  });

  it("refuses a table the migrations create that has no owner", () => {
    expect(findings({}, ["applications", "widgets"])).toEqual([
      'tools/table-owners.ts:1: the migrations create the table "widgets", which has no owner: give it one in server/tables/ and name it here',
    ]);
  });

  it("lets a folder owner's files query its tables", () => {
    expect(
      findingsIn("server/tables/things/search.ts", 'const q = "SELECT * FROM things";', {
        things: "server/tables/things/",
      }),
    ).toEqual([]);
    expect(
      findingsIn("server/tables/other.ts", 'const q = "SELECT * FROM things";', {
        things: "server/tables/things/",
      }).map((finding) => finding.message),
    ).toEqual([
      'SQL names the table "things", which server/tables/things/ owns: call a function of server/tables/things/ instead',
    ]);
  });
});
