// Moves the site's content between installations as a file (JSON), with the same environment as the
// server (a staging copy, a developer's machine):
//   npm run content -- export <file>
//   npm run content -- import <file>
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createContent } from "../server/content/content.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";

const usage = `Usage:
  npm run content -- export <file>   Write every item's published version to the file (JSON)
  npm run content -- import <file>   Publish each item of such a file: all are checked first, and nothing
                                     is saved unless every one passes; running servers show it within seconds`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const [command, file, ...extra] = positionals;
if (command !== "export" && command !== "import")
  fail(command ? `Unknown command: ${command}` : "Say what to do.");
if (!file) fail("Give the file's name.");
if (extra.length > 0) fail(`Unexpected: ${extra.join(" ")}`);

const env = parseEnv();
const db = openDatabase(env.DATABASE_URL);
try {
  await migrate(db);
  const content = createContent({ db });
  // A fresh installation publishes the shipped files first, as the server does when it starts.
  await content.seed();
  if (command === "export") {
    const exported = await content.exportPublished();
    writeFileSync(file, `${JSON.stringify(exported, null, 2)}\n`);
    process.stdout.write(`Wrote ${exported.items.length} item(s) of site content to ${file}.\n`);
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      fail(`${file} could not be read as JSON: ${(error as Error).message}`);
    }
    const imported = await content.importPublished(parsed);
    if (!imported.ok) {
      process.stderr.write(
        `Nothing was imported:\n${imported.problems.map((line) => `- ${line}`).join("\n")}\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(
        `Published ${imported.published} item(s) from ${file}; the others were already the same.\n`,
      );
    }
  }
} finally {
  await db.close();
}
