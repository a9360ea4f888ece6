import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const rules = require("../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] };
const repository = path.resolve(import.meta.dirname, "..");

/** A small tree laid out like the repository's, which keeps every rule. */
const wellBuilt: Record<string, string> = {
  "core/config/site.ts": "export const site = { name: 'Site' };\n",
  "app/routes/home.tsx":
    "import { site } from '../../core/config/site.ts';\nimport type { AppServices } from '../../server/contract.ts';\nexport const page = (s: AppServices) => [site, s];\n",
  "server/contract.ts":
    "import type { createWorkspace } from './workspace/workspace.ts';\nexport type AppServices = ReturnType<typeof createWorkspace>;\n",
  "server/services.ts":
    "import { createWorkspace } from './workspace/workspace.ts';\nexport const services = createWorkspace();\n",
  "server/workspace/workspace.ts":
    "import { readLead } from '../leads/read.ts';\nexport const createWorkspace = () => ({ readLead });\n",
  "server/leads/read.ts":
    "import { open } from '../db/database.ts';\nimport { site } from '../../core/config/site.ts';\nexport const readLead = () => [open(), site];\n",
  "server/db/database.ts": "export const open = () => 1;\n",
};

let dir = "";

/** Cruises a copy of the well-built tree with `changes` made to it, under the project's own rules. */
async function violations(changes: Record<string, string> = {}): Promise<string[]> {
  dir = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  for (const [file, text] of Object.entries({ ...wellBuilt, ...changes })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const result = await cruise(["core", "app", "server"], {
    baseDir: dir,
    ruleSet: { forbidden: rules.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((violation) => violation.rule.name);
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the import rules (npm run check)", () => {
  it("accept a tree that keeps them", async () => {
    expect(await violations()).toEqual([]);
  });

  it("refuse a server file that imports the app", async () => {
    expect(
      await violations({
        "server/leads/read.ts":
          "import { page } from '../../app/routes/home.tsx';\nexport const readLead = () => page;\n",
      }),
    ).toContain("server-never-imports-app");
  });

  it("refuse a core module that imports either side", async () => {
    const found = await violations({
      "core/config/site.ts":
        "import { open } from '../../server/db/database.ts';\nexport const site = open;\n",
      "core/leads/model.ts":
        "import { page } from '../../app/routes/home.tsx';\nexport const model = page;\n",
    });
    expect(found.filter((rule) => rule === "core-imports-neither-side")).toHaveLength(2);
  });

  it("refuse two server folders that import each other", async () => {
    const found = await violations({
      "server/workspace/workspace.ts":
        "import { purge } from '../lifecycle/purge.ts';\nexport const createWorkspace = () => ({ purge });\n",
      "server/lifecycle/purge.ts":
        "import { createWorkspace } from '../workspace/workspace.ts';\nexport const purge = () => createWorkspace;\n",
    });
    expect(found).toContain("no-loops");
    expect(found).toContain("features-stand-apart");
  });

  it("refuse two app modules that import each other", async () => {
    expect(
      await violations({
        "app/lib/claims.ts":
          "import { section } from '../components/claims.tsx';\nexport const claims = () => section;\n",
        "app/components/claims.tsx":
          "import { claims } from '../lib/claims.ts';\nexport const section = () => claims;\n",
      }),
    ).toContain("no-loops");
  });

  it("refuse two core modules that import each other, types only included", async () => {
    expect(
      await violations({
        "core/forms/result.ts":
          "import { tokenField } from './token.ts';\nexport type FormName = 'contact';\nexport const field = tokenField;\n",
        "core/forms/token.ts":
          "import type { FormName } from './result.ts';\nexport const tokenField = 'token';\nexport const name: FormName = 'contact';\n",
      }),
    ).toContain("no-loops");
  });

  it("refuse an import that points up the server's order", async () => {
    expect(
      await violations({
        "server/db/database.ts":
          "import { readLead } from '../leads/read.ts';\nexport const open = () => readLead;\n",
      }),
    ).toContain("the-database-is-the-floor");
  });

  it("refuse a table's owner that imports what calls it, and the delivery queue reaching a lead's table", async () => {
    expect(
      await violations({
        "server/tables/applications.ts":
          "import { readLead } from '../leads/read.ts';\nexport const byReference = () => readLead;\n",
      }),
    ).toContain("the-tables-above-the-database");
    const delivery = {
      "server/tables/outbox.ts": "export const claimNext = () => 1;\n",
      "server/tables/documents.ts": "export const attachmentOf = () => 1;\n",
    };
    expect(
      await violations({
        ...delivery,
        "server/delivery/outbox.ts":
          "import { claimNext } from '../tables/outbox.ts';\nexport const worker = () => claimNext;\n",
      }),
    ).toEqual([]);
    expect(
      await violations({
        ...delivery,
        "server/delivery/outbox.ts":
          "import { attachmentOf } from '../tables/documents.ts';\nexport const worker = () => attachmentOf;\n",
      }),
    ).toContain("delivery-below-the-leads");
  });

  it("refuse the app importing server code, or the contract for more than its types", async () => {
    expect(
      await violations({
        "app/routes/lead.tsx":
          "import { readLead } from '../../server/leads/read.ts';\nexport const lead = readLead;\n",
      }),
    ).toContain("app-imports-only-the-contract");
    expect(
      await violations({
        "server/contract.ts": "export const contract = 1;\n",
        "app/routes/home.tsx":
          "import { contract } from '../../server/contract.ts';\nexport const page = contract;\n",
      }),
    ).toContain("app-imports-the-contract-as-types");
  });

  it("hold in the repository as it is", async () => {
    dir = "";
    const result = await cruise(["core", "app", "server", "scripts", "tools", "tests"], {
      baseDir: repository,
      ruleSet: { forbidden: rules.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      doNotFollow: { path: "node_modules" },
      exclude: { path: "^(node_modules|build|\\.react-router)/" },
    });
    expect((result.output as ICruiseResult).summary.violations).toEqual([]);
  });
});
