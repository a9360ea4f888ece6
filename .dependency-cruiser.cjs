/**
 * The import rules of the project, checked by `npm run check` (dependency-cruiser). Each rule is a wall
 * with a reason; a change that breaks one fails the check with the rule's name and the offending import.
 *
 *   core/    pure modules both sides use: the site's configuration, the lead and vacancy models, the
 *            forms' schemas and fields, the staff paths. It imports neither side.
 *   app/     the React Router app. Of the server it sees only the types of server/contract.ts.
 *   server/  the Node server. It never imports the app. Inside it, imports point one way, down this list:
 *              the root files (services.ts, the composition root; main.ts, app.ts, contract.ts ...)
 *              the features: workspace, vacancies, lifecycle, follow-up, scanning, analytics, applicants, alerts,
 *                bounces, redirects, content, pictures
 *                (each stands alone: what one must tell another is wired by the composition root)
 *              leads
 *              delivery
 *              jobs, protection
 *              tables (one owner per table: its SQL, its row type, its mapping; tools/table-owners.ts
 *                checks that no other module names the table)
 *              db
 *              observability (the logger and the phase profile)
 *
 * Tests may cross the walls between app/ and server/ (a test that holds the privacy notice to the
 * purge's rules reads both); the rules on core/ and on loops hold for them too.
 */
const test = "\\.test\\.tsx?$";
const features =
  "workspace|vacancies|lifecycle|follow-up|scanning|analytics|applicants|alerts|bounces|redirects|content|launch|pictures";

/** A rule that keeps a server folder from importing any server code above it. */
function below(name, folders, allowed, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: `^server/(${folders})/`, pathNot: test },
    to: { path: "^server/", pathNot: `^server/($1|${allowed})/` },
  };
}

module.exports = {
  forbidden: [
    {
      name: "core-imports-neither-side",
      comment:
        "core/ holds what the app and the server share; it must stay importable by both, so it imports neither (nor the scripts or tests).",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(app|server|scripts|tools|tests)/" },
    },
    {
      name: "server-never-imports-app",
      comment:
        "The server must not depend on the app: what both need belongs in core/, and the app reaches the server only through server/contract.ts.",
      severity: "error",
      from: { path: "^server/", pathNot: test },
      to: { path: "^app/" },
    },
    {
      name: "app-imports-only-the-contract",
      comment:
        "The app sees the server only through server/contract.ts (the services its routes receive); anything else it needs from there belongs in core/.",
      severity: "error",
      from: { path: "^app/", pathNot: test },
      to: { path: "^server/", pathNot: "^server/contract\\.ts$" },
    },
    {
      name: "app-imports-the-contract-as-types",
      comment:
        "The app imports the server's contract for its types only (import type), so no server code runs in or ships with the app.",
      severity: "error",
      from: { path: "^app/", pathNot: test },
      to: { path: "^server/contract\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-loops",
      comment:
        "Imports point one way, in core/, app/ and server/ alike (inside server/, down the order above): a loop means two modules each need the other, so what both need belongs in a third, lower one, or the composition root should pass it in.",
      severity: "error",
      from: { path: "^(core|app|server)/" },
      to: { circular: true },
    },
    below(
      "features-stand-apart",
      features,
      "leads|delivery|jobs|protection|tables|db|observability",
      "A feature (workspace, vacancies, lifecycle, follow-up, scanning, analytics, applicants, alerts, bounces, redirects, content, pictures) imports only what lies below it, never another feature or a root file: what one feature must tell another is wired by server/services.ts.",
    ),
    below(
      "leads-below-the-features",
      "leads",
      "delivery|jobs|protection|tables|db|observability",
      "The leads (the form endpoints and how a lead is stored) sit below every feature that reads them, and above the delivery queue they fill.",
    ),
    {
      name: "delivery-below-the-leads",
      comment:
        "The delivery queue knows nothing of leads: of the tables it reaches only its own (the outbox); an e-mail's attachments, what holds it back and its outcome reach it through hooks the composition root passes in.",
      severity: "error",
      from: { path: "^server/delivery/", pathNot: test },
      to: {
        path: "^server/",
        pathNot: "^server/(delivery|jobs|protection|db|observability)/|^server/tables/outbox\\.ts$",
      },
    },
    below(
      "jobs-and-protection-above-the-tables",
      "jobs|protection",
      "tables|db|observability",
      "Background jobs (the poller and the lease) and the protections (rate limits, origins, client addresses) use only their tables' owners, the database and the logger.",
    ),
    below(
      "the-tables-above-the-database",
      "tables",
      "db|observability",
      "A table's owner holds its SQL and nothing else: it uses the database and the core, never the code that calls it.",
    ),
    below(
      "the-database-is-the-floor",
      "db",
      "observability",
      "The database layer uses nothing of the server but the profile.",
    ),
    below(
      "observability-imports-nothing",
      "observability",
      "$1",
      "The logger and the profile are used by every layer, so they import none.",
    ),
    {
      name: "no-tests-in-production",
      comment: "Production code never imports test support, a test, a command line or a development tool.",
      severity: "error",
      from: { path: "^(app|core|server)/", pathNot: test },
      to: { path: ["^tests/", "^scripts/", "^tools/", test] },
    },
    {
      name: "commands-run-without-the-tools",
      comment:
        "scripts/ holds the operator's commands (data, staff, migrate, the installers), which run on a production install: they never import a development tool or test support.",
      severity: "error",
      from: { path: "^scripts/", pathNot: test },
      to: { path: ["^tools/", "^tests/"] },
    },
    {
      name: "no-dev-packages-in-production",
      comment:
        "The server, the shared core and the operator's commands run with the dependencies alone: a development package would be missing from a production install.",
      severity: "error",
      from: { path: "^(core|server|scripts)/", pathNot: test },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a loop through types is still a loop a reader has to untangle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
