import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "core/**/*.test.ts",
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tools/**/*.test.ts",
      "tests/*.test.ts",
    ],
    environment: "node",
    // Most files wait on a database, a mail server or a child process rather than the CPU: two at a time
    // halve the run on a two-core machine (Vitest's default there is one).
    maxWorkers: 2,
    // Limits against a hang, not measures of speed (the benches measure that): a machine busy with
    // other work must not fail a test that starts processes or migrates a database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
