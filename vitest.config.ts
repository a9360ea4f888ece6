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
    // Most files wait on a database, a mail server or a child process rather than the CPU: on a two-core
    // machine two at a time left a fifth of the processor idle, three keep it busy (213 s and 80 % busy
    // with two, 188 s and 93 % with three; Vitest's default there is one).
    maxWorkers: 3,
    // Limits against a hang, not measures of speed (the benches measure that): a machine busy with
    // other work must not fail a test that starts processes or migrates a database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
