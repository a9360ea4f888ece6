import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The failover test (`npm run test:failover`) runs a Patroni cluster of its own: kept out of the unit
// run, one file at a time, with limits sized for a cluster's start, a failover and a rejoin.
export default defineConfig({
  // It runs beside the unit run's first steps and may still run when the unit run starts: each keeps
  // its own cache of results, so neither reads a file the other is writing.
  cacheDir: "node_modules/.vite-failover",
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/failover/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
