/**
 * The import rules of the project, checked by `npm run check` (dependency-cruiser). Each rule is a wall
 * with a reason; a change that breaks one fails the check with the rule's name and the offending import.
 *
 *   core/    pure modules both sides use: the site's configuration, the lead and vacancy models, the
 *            forms' schemas and fields, the staff paths. It imports neither side.
 *   app/     the React Router app. Of the server it sees only the types of server/contract.ts.
 *   server/  the Node server. It never imports the app. Inside it, imports point one way, down this list:
 *              the root files (services.ts, the composition root; main.ts, app.ts, contract.ts ...)
 *              the features: workspace, vacancies, lifecycle, follow-up, scanning, analytics, applicants, alerts
 *                (each stands alone: what one must tell another is wired by the composition root)
 *              leads
 *              delivery
 *              jobs, protection
 *              db
 *              observability (the logger and the phase profile)
 *
 * Tests may cross the walls between app/ and server/ (a test that holds the privacy notice to the
 * purge's rules reads both); the rules on core/ and on loops hold for them too.
 */
const test = "\\.test\\.tsx?$";
const features = "workspace|vacancies|lifecycle|follow-up|scanning|analytics|applicants|alerts";

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
      name: "no-loops-in-the-server",
      comment:
        "Imports inside server/ point one way (see the order above): a loop means two parts each need the other, so one of them belongs lower, or the composition root should pass it in.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^server/", circular: true },
    },
    below(
      "features-stand-apart",
      features,
      "leads|delivery|jobs|protection|db|observability",
      "A feature (workspace, vacancies, lifecycle, follow-up, scanning, analytics, applicants) imports only what lies below it, never another feature or a root file: what one feature must tell another is wired by server/services.ts.",
    ),
    below(
      "leads-below-the-features",
      "leads",
      "delivery|jobs|protection|db|observability",
      "The leads (the form endpoints and how a lead is stored) sit below every feature that reads them, and above the delivery queue they fill.",
    ),
    below(
      "delivery-below-the-leads",
      "delivery",
      "jobs|protection|db|observability",
      "The delivery queue knows nothing of leads: an e-mail's outcome reaches a lead's timeline through a hook the composition root passes in.",
    ),
    below(
      "jobs-and-protection-above-the-database",
      "jobs|protection",
      "db|observability",
      "Background jobs (the poller and the lease) and the protections (rate limits, origins, client addresses) use only the database and the logger.",
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
