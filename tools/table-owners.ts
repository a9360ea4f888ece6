// One owner per table, checked by `npm run check` (npm run lint:tables). Each table the migrations create
// has one module in server/tables/ that holds its SQL, its row type and its mapping to the model; every
// other module calls that owner's functions and never names the table. The import rules
// (.dependency-cruiser.cjs) keep features apart; without this check they could still meet in the
// database, each with its own copy of another's row.
//
// It reads every string and template literal of the production code (app/, core/, scripts/, server/;
// not tests, test support or development tools, which build fixtures) and fails, naming the table and
// its owner, on SQL that names a table outside its owner (after FROM, JOIN, INTO, UPDATE or TABLE,
// in capitals as this project writes SQL, so that "from staff" in a sentence is not a query), and
// on SQL whose table is chosen at run time (`FROM ${table}`) outside an owner. It also fails
// when a migration creates a table that has no owner here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Each table and the module that owns it. A table that exists only for another (a lead's words for the
 * search, the record of which vacancies an alert has sent) has the same owner. An owner whose queries
 * are many is a folder (its path ends in "/"), one file per query or group of queries.
 */
export const owners: Record<string, string> = {
  enquiries: "server/tables/leads/",
  enquiries_words: "server/tables/leads/",
  applications: "server/tables/leads/",
  applications_words: "server/tables/leads/",
  enquiries_search: "server/tables/leads/",
  applications_search: "server/tables/leads/",
  documents: "server/tables/documents.ts",
  notes: "server/tables/notes.ts",
  audit_log: "server/tables/timeline.ts",
  replies: "server/tables/replies.ts",
  lead_sources: "server/tables/lead-sources.ts",
  tombstones: "server/tables/tombstones.ts",
  acknowledged_mailboxes: "server/tables/acknowledged-mailboxes.ts",
  outbox: "server/tables/outbox.ts",
  suppressed_addresses: "server/tables/suppressions.ts",
  bounce_receipts: "server/tables/bounce-receipts.ts",
  interviews: "server/tables/interviews.ts",
  vacancies: "server/tables/vacancies.ts",
  job_alerts: "server/tables/job-alerts.ts",
  job_alert_sent: "server/tables/job-alerts.ts",
  content_items: "server/tables/content.ts",
  content_versions: "server/tables/content.ts",
  content_generation: "server/tables/content.ts",
  content_schedules: "server/tables/content-schedules.ts",
  staff: "server/tables/staff.ts",
  staff_notifications: "server/tables/staff-notifications.ts",
  staff_cap_alerts: "server/tables/staff-cap-alerts.ts",
  staff_mail: "server/tables/staff-mail.ts",
  invitations: "server/tables/invitations.ts",
  passkeys: "server/tables/passkeys.ts",
  webauthn_challenges: "server/tables/passkeys.ts",
  sessions: "server/tables/sessions.ts",
  rate_limits: "server/tables/rate-limits.ts",
  leases: "server/tables/leases.ts",
  job_runs: "server/tables/job-runs.ts",
  claim_confirmations: "server/tables/claim-confirmations.ts",
  pictures: "server/tables/pictures.ts",
  redirects: "server/tables/redirects.ts",
  redirect_generation: "server/tables/redirects.ts",
  missing_paths: "server/tables/redirects.ts",
  analytics_daily: "server/tables/analytics.ts",
  analytics_networks: "server/tables/analytics.ts",
  analytics_salts: "server/tables/analytics.ts",
  analytics_visitor_pages: "server/tables/analytics.ts",
  analytics_visitors: "server/tables/analytics.ts",
  // The migrations' own record, kept by the migration runner beside the drivers.
  schema_migrations: "server/db/migrate.ts",
};

/**
 * Reads across owners that one statement must make, each with its reason: the owner of the first table
 * may name the second there. Everything else crosses by calling the other owner.
 */
export const sharedReads: { owner: string; reads: string; why: string }[] = [
  {
    owner: "server/tables/pictures.ts",
    reads: "staff",
    why: "the picture library names who uploaded each picture, read with it in the one statement",
  },
  {
    owner: "server/tables/content.ts",
    reads: "staff",
    why: "a content version's history names who made and who approved it, read with it in the one statement",
  },
  {
    owner: "server/tables/content-schedules.ts",
    reads: "staff",
    why: "a scheduled change to site content names who scheduled it, read with it in the one statement",
  },
  {
    owner: "server/tables/notes.ts",
    reads: "staff",
    why: "a lead's notes carry their authors' names, read with them in the one statement",
  },
  {
    owner: "server/tables/timeline.ts",
    reads: "staff",
    why: "a lead's timeline carries the name of whoever did each thing, read with it in the one statement",
  },
  {
    owner: "server/tables/documents.ts",
    reads: "applications",
    why: "a document is found by its application's reference: the outbox's hold while one awaits its scan, a download, an erasure",
  },
  {
    owner: "server/tables/vacancies.ts",
    reads: "applications",
    why: "the workspace's list counts each vacancy's applications in the same statement",
  },
  {
    owner: "server/tables/interviews.ts",
    reads: "applications",
    why: "the lists and the reminders name each interview's applicant, and leave out spam, withdrawn and others' applications",
  },
  {
    owner: "server/tables/interviews.ts",
    reads: "vacancies",
    why: "the lists and the reminders name the vacancy each interview's application is for",
  },
  {
    owner: "server/tables/interviews.ts",
    reads: "staff",
    why: "the workspace's lists name who booked each interview",
  },
  {
    owner: "server/tables/sessions.ts",
    reads: "staff",
    why: "a request's session is read with its person (name, role, access taken away) in the one statement every page makes",
  },
  {
    owner: "server/tables/passkeys.ts",
    reads: "staff",
    why: "signing in checks the passkey and whether its person's access was taken away, and removing one names its holder, each in one statement",
  },
  {
    owner: "server/tables/invitations.ts",
    reads: "staff",
    why: "an invitation's page reads the invitation with the person it is for in one statement",
  },
  {
    owner: "server/tables/staff.ts",
    reads: "passkeys",
    why: "the team page counts each person's passkeys and their last use in the same statement",
  },
  {
    owner: "server/tables/staff.ts",
    reads: "staff_notifications",
    why: "who receives a new lead is the team joined to their chosen routes, in the one statement of the submission's transaction",
  },
  {
    owner: "server/tables/replies.ts",
    reads: "staff",
    why: "a lead's replies carry their authors' names, read with them in the one statement",
  },
  {
    owner: "server/tables/replies.ts",
    reads: "outbox",
    why: "a lead's replies show where each one's e-mail stands in the delivery queue, read with them in the one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "staff",
    why: "a lead's page and the inbox's rows name its owner, read with the lead in the one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "interviews",
    why: "the inbox's page shows each application's next interview and its answer, read with its rows in the one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "vacancies",
    why: "the interview and stage e-mails name the vacancy applied for, and the talent pool is searched by its service and place, each in one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "notes",
    why: "the retention rules count a lead's last note as activity, read with every lead in the purge's one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "outbox",
    why: "the retention rules count a lead's last sent e-mail as activity, read with every lead in the purge's one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "audit_log",
    why: "the analytics' reply times take each enquiry's first answer from its timeline in the one statement",
  },
  {
    owner: "server/tables/leads/",
    reads: "lead_sources",
    why: "the analytics' outcomes read each lead with the source of the visit it came in, in the one statement",
  },
];

/** The folders of production code, whose SQL the check reads. */
export const checkedFolders = ["app", "core", "scripts", "server"];

const sqlBefore = String.raw`\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?`;

export type Finding = { file: string; line: number; message: string };

/** Every place in one file's source where SQL names a table its file does not own. */
export function findingsIn(file: string, text: string, tables: Record<string, string> = owners): Finding[] {
  const names = Object.keys(tables).sort((a, b) => b.length - a.length);
  const named = new RegExp(`${sqlBefore}(${names.join("|")})\\b`, "g");
  const runTime = /\b(?:FROM|JOIN|INTO|UPDATE)\s+"?$/;
  const owns = (owner: string) => (owner.endsWith("/") ? file.startsWith(owner) : owner === file);
  const ownsSomething = Object.values(tables).some(owns);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const check = (node: ts.Node, literal: string, endsBeforeSubstitution: boolean) => {
    for (const match of literal.matchAll(named)) {
      const table = match[1] ?? "";
      const owner = tables[table];
      if (!owner || owns(owner)) continue;
      if (sharedReads.some((read) => owns(read.owner) && read.reads === table)) continue;
      findings.push({
        file,
        line: lineOf(node),
        message: `SQL names the table "${table}", which ${owner} owns: call a function of ${owner} instead`,
      });
    }
    if (endsBeforeSubstitution && !ownsSomething && runTime.test(literal))
      findings.push({
        file,
        line: lineOf(node),
        message:
          "SQL names a table chosen at run time: only a table's owner in server/tables/ may build a statement this way",
      });
  };

  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text, false);
    else if (ts.isTemplateExpression(node)) {
      check(node, node.head.text, true);
      for (const span of node.templateSpans)
        check(node, span.literal.text, ts.isTemplateMiddle(span.literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The tables the migrations create (a table rebuilt through a `_new` copy counts once, by its name). */
export function tablesOfMigrations(root: string): string[] {
  const tables = new Set<string>();
  const folder = path.join(root, "server/db/migrations");
  for (const dialect of readdirSync(folder))
    for (const file of readdirSync(path.join(folder, dialect))) {
      const sql = readFileSync(path.join(folder, dialect, file), "utf8");
      for (const match of sql.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?"?(\w+)/gi)) {
        const name = (match[1] ?? "").toLowerCase();
        if (!name.endsWith("_new")) tables.add(name);
      }
    }
  return [...tables].sort();
}

/** The production source files under the checked folders, tests left out. */
function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) files.push(relative);
    }
  };
  for (const folder of checkedFolders) walk(folder);
  return files.sort();
}

/** Every finding in the repository at `root`: tables without an owner, then SQL outside its owner. */
export function check(root: string): Finding[] {
  const findings: Finding[] = [];
  for (const table of tablesOfMigrations(root))
    if (!owners[table])
      findings.push({
        file: "tools/table-owners.ts",
        line: 1,
        message: `the migrations create the table "${table}", which has no owner: give it one in server/tables/ and name it here`,
      });
  for (const file of sourceFiles(root))
    findings.push(...findingsIn(file, readFileSync(path.join(root, file), "utf8")));
  return findings;
}

if (import.meta.main) {
  const findings = check(process.cwd());
  for (const finding of findings)
    process.stderr.write(`${finding.file}:${finding.line}: ${finding.message}\n`);
  if (findings.length) {
    process.stderr.write(
      `\n${findings.length} quer${findings.length === 1 ? "y" : "ies"} outside the owner of a table\n`,
    );
    process.exitCode = 1;
  } else process.stdout.write("✔ every table is queried by its owner alone\n");
}
