import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const compileCache = fileURLToPath(new URL("./node_modules/.cache/node-compile-cache", import.meta.url));

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
    // Each file's tests share its worker's modules with the files before it rather than importing them
    // all again: importing took 141 s of the workers' time for 106 files, and 23 s shared. No test
    // changes what a module holds for the next one (each builds its own services, databases and
    // servers), and every file passes either way.
    isolate: false,
    // The Node processes tests start (the server, npm run data, npm run staff) keep V8's compiled code
    // for the modules they load, so each after the first starts in about two thirds of the time.
    env: { NODE_COMPILE_CACHE: compileCache },
    // Limits against a hang, not measures of speed (the benches measure that): a machine busy with
    // other work must not fail a test that starts processes or migrates a database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
