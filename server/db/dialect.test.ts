import { describe, expect, it } from "vitest";
import { postgresUrl } from "../../tests/support/harness.ts";
import { openDatabase } from "./database.ts";
import { numberedPlaceholders } from "./dialect.ts";

describe("numberedPlaceholders", () => {
  it("numbers each placeholder in order", () => {
    expect(numberedPlaceholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?)")).toBe(
      "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)",
    );
    expect(numberedPlaceholders("SELECT 1")).toBe("SELECT 1");
  });

  it("leaves a ? inside a string alone, a doubled quote included", () => {
    expect(numberedPlaceholders("SELECT '?' , ?")).toBe("SELECT '?' , $1");
    expect(numberedPlaceholders("SELECT 'it''s ?', ? FROM t")).toBe("SELECT 'it''s ?', $1 FROM t");
    expect(numberedPlaceholders("SELECT a FROM t WHERE b LIKE ? ESCAPE '\\' AND c = ?")).toBe(
      "SELECT a FROM t WHERE b LIKE $1 ESCAPE '\\' AND c = $2",
    );
  });

  it("reads backslash escapes only in E'...' strings", () => {
    expect(numberedPlaceholders("SELECT E'\\' ?', ?")).toBe("SELECT E'\\' ?', $1");
    expect(numberedPlaceholders("SELECT some_e'?', ?")).toBe("SELECT some_e'?', $1");
  });

  it("leaves a ? inside a quoted identifier alone", () => {
    expect(numberedPlaceholders('SELECT "why?" FROM t WHERE "a""?" = ?')).toBe(
      'SELECT "why?" FROM t WHERE "a""?" = $1',
    );
  });

  it("leaves a ? inside a comment alone", () => {
    expect(numberedPlaceholders("SELECT ? -- which one?\nFROM t WHERE a = ?")).toBe(
      "SELECT $1 -- which one?\nFROM t WHERE a = $2",
    );
    expect(numberedPlaceholders("SELECT /* why? /* still? */ here? */ ?")).toBe(
      "SELECT /* why? /* still? */ here? */ $1",
    );
    expect(numberedPlaceholders("SELECT ? -- the end?")).toBe("SELECT $1 -- the end?");
  });

  it("leaves a ? inside a dollar-quoted string alone", () => {
    expect(numberedPlaceholders("SELECT $$a?$$, $tag$b?$tag$, ?")).toBe("SELECT $$a?$$, $tag$b?$tag$, $1");
  });

  it("leaves an unclosed string as it is rather than numbering inside it", () => {
    expect(numberedPlaceholders("SELECT ?, 'open ?")).toBe("SELECT $1, 'open ?");
  });
});

describe("queries on PostgreSQL", () => {
  it("keep a ? in a string or a comment as written, and bind the real placeholders", async () => {
    const db = openDatabase(postgresUrl);
    try {
      const rows = await db.all("SELECT '?' AS mark, ? AS value -- or not?\n, 'it''s ?' AS quoted", ["x"]);
      expect(rows).toEqual([{ mark: "?", value: "x", quoted: "it's ?" }]);
    } finally {
      await db.close();
    }
  });
});
