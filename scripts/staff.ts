// Manages who may use the staff workspace, with the same environment as the server:
//   npm run staff -- invite <email> --name "<Full Name>" [--admin] [--vacancies] [--edit-content] [--approve-content]
//   npm run staff -- list
//   npm run staff -- revoke <email>
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";
import { invitationPath, invite, listTeam, revoke } from "../server/workspace/team.ts";

const usage = `Usage:
  npm run staff -- invite <email> --name "<Full Name>" [--admin] [--vacancies] [--edit-content] [--approve-content]
                                                                    Print a one-time invitation link (24 hours),
                                                                    or, for someone who already has an account,
                                                                    e-mail it to them instead;
                                                                    --vacancies: may publish, edit and close vacancies;
                                                                    --edit-content, --approve-content: Edit site
                                                                    content, Approve site content
  npm run staff -- list                                             Everyone on the team
  npm run staff -- revoke <email>                                   End their access and sessions at once`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: "string" },
        admin: { type: "boolean", default: false },
        vacancies: { type: "boolean", default: false },
        "edit-content": { type: "boolean", default: false },
        "approve-content": { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const [command, email, ...extra] = positionals;
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!command) fail("Say what to do.");
if (extra.length > 0) fail(`Unexpected: ${extra.join(" ")}`);

const env = parseEnv();
const db = openDatabase(env.DATABASE_URL);
try {
  await migrate(db);
  const now = Date.now();
  if (command === "invite") {
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("Give the e-mail address to invite.");
    const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const invited = await invite(
      db,
      // Without --admin an existing administrator stays one; what the link gives applies once it is used.
      {
        email,
        name: values.name,
        ...(values.admin ? { admin: true } : {}),
        vacancies: values.vacancies,
        editContent: values["edit-content"],
        approveContent: values["approve-content"],
        siteUrl: base,
      },
      now,
    ).catch((error: Error) => fail(error.message));
    const until = new Intl.DateTimeFormat("en-GB", {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: "Europe/London",
    }).format(invited.expiresAt);
    if (invited.existing) {
      // Their link went to their own address through the delivery queue (the server sends it); it is
      // never printed, so whoever runs this cannot add a passkey to someone else's account.
      process.stdout.write(
        `${invited.mailedTo} already has an account: we have e-mailed them a link to add a passkey. It works once, until ${until} (UK time).\n`,
      );
    } else {
      // The link alone on standard output, so a script can take it; the rest goes to standard error.
      process.stdout.write(`${base}${invitationPath(invited.token)}\n`);
      process.stderr.write(`Works once, until ${until} (UK time).\n`);
    }
  } else if (command === "list") {
    const team = await listTeam(db);
    if (team.length === 0)
      process.stdout.write("Nobody yet. Invite the first person with: npm run staff -- invite\n");
    for (const person of team) {
      const state = person.revokedAt ? "revoked" : person.passkeys > 0 ? "active" : "invited";
      const role = person.isAdmin ? "admin" : "staff";
      process.stdout.write(
        `${person.email}\t${person.name}\t${role}\t${state}\t${person.passkeys} passkey(s)\n`,
      );
    }
  } else if (command === "revoke") {
    if (!email) fail("Give the e-mail address whose access ends.");
    if (!(await revoke(db, email, null, now))) fail(`Nobody on the team has the address ${email}.`);
    process.stdout.write(`${email} can no longer sign in; their sessions have ended.\n`);
  } else {
    fail(`Unknown command: ${command}`);
  }
} finally {
  await db.close();
}
