/**
 * Every piece of SQL that differs between SQLite and PostgreSQL, in one place. Feature code asks the
 * database for what it needs (`db.sql.lockRows`) and never for which database it is; everything else
 * is written once, with `?` placeholders, and runs unchanged on both.
 */
export type SqlDialect = {
  /** Which database: for the database module and the migrations only. */
  name: "sqlite" | "postgres";
  /**
   * Ends a SELECT: locks the rows it returns until the transaction ends. PostgreSQL: FOR UPDATE.
   * SQLite: nothing, as a writing transaction already keeps every other writer out of the file.
   */
  lockRows: string;
  /**
   * Ends a SELECT: locks the rows it returns, passing over rows another transaction has locked, so
   * several workers can each take a different row at once. PostgreSQL: FOR UPDATE SKIP LOCKED.
   * SQLite: nothing, for the same reason as lockRows.
   */
  lockRowsSkippingLocked: string;
  /**
   * A condition that `column` matches a LIKE pattern (one `?` parameter, escaped with a backslash),
   * ignoring case. `word` is the lower-case text the pattern looks for. PostgreSQL: ILIKE. SQLite: LIKE,
   * which ignores case only for A to Z, so a word with any other letter ("łukasz") compares lower()
   * (the SQLite driver's, which folds every letter) instead, which is slower.
   */
  likeIgnoringCase(column: string, word: string): string;
  /**
   * True where deleted rows stay in the file (freed pages, the write-ahead log) until given back by hand
   * after a deletion: SQLite. PostgreSQL's own vacuuming does it (docs/decisions/010-personal-data-lifecycle.md).
   */
  reclaimsSpaceByHand: boolean;
};

export const sqlite: SqlDialect = {
  name: "sqlite",
  lockRows: "",
  lockRowsSkippingLocked: "",
  likeIgnoringCase: (column, word) =>
    /^[!-~]*$/.test(word) ? `${column} LIKE ? ESCAPE '\\'` : `lower(${column}) LIKE ? ESCAPE '\\'`,
  reclaimsSpaceByHand: true,
};

export const postgres: SqlDialect = {
  name: "postgres",
  lockRows: "FOR UPDATE",
  lockRowsSkippingLocked: "FOR UPDATE SKIP LOCKED",
  likeIgnoringCase: (column) => `${column} ILIKE ? ESCAPE '\\'`,
  reclaimsSpaceByHand: false,
};

/**
 * Rewrites `?` placeholders as PostgreSQL's `$1, $2, ...`. A `?` inside a string ('...', E'...',
 * $tag$...$tag$), a quoted identifier ("...") or a comment (-- and /* *\/) is left as it is.
 */
export function numberedPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    const next = sql[i + 1];
    let end = i + 1;
    if (char === "?") {
      out += `$${++n}`;
      i = end;
      continue;
    }
    if (char === "'") {
      // E'...' strings take backslash escapes; standard strings only a doubled quote.
      const escapes = /[eE]/.test(sql[i - 1] ?? "") && !/[\w$]/.test(sql[i - 2] ?? "");
      end = closing(sql, i + 1, "'", escapes);
    } else if (char === '"') {
      end = closing(sql, i + 1, '"', false);
    } else if (char === "-" && next === "-") {
      const newline = sql.indexOf("\n", i);
      end = newline === -1 ? sql.length : newline + 1;
    } else if (char === "/" && next === "*") {
      end = blockCommentEnd(sql, i);
    } else if (char === "$" && !/[\w$]/.test(sql[i - 1] ?? "")) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        end = close === -1 ? sql.length : close + tag.length;
      }
    }
    out += sql.slice(i, end);
    i = end;
  }
  return out;
}

/** Where a quoted string or identifier that opened before `from` ends (just after its closing quote). */
function closing(sql: string, from: number, quote: string, escapes: boolean): number {
  let i = from;
  while (i < sql.length) {
    const char = sql[i];
    if (escapes && char === "\\") i += 2;
    else if (char === quote && sql[i + 1] === quote) i += 2;
    else if (char === quote) return i + 1;
    else i += 1;
  }
  return sql.length;
}

/** Where the block comment opening at `from` ends; PostgreSQL's block comments nest. */
function blockCommentEnd(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === "/" && sql[i + 1] === "*") {
      depth += 1;
      i += 2;
    } else if (sql[i] === "*" && sql[i + 1] === "/") {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
}
