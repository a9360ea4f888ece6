import type { ServerBuild } from "react-router";
import { createApp, createHttpServer, defaultClientDir } from "./app.ts";
import { parseEnv } from "./env.ts";
import { createLeads } from "./leads/setup.ts";
import { startPurging } from "./lifecycle/schedule.ts";
import { logger } from "./logger.ts";
import { handleShutdown } from "./shutdown.ts";
import { createWorkspace } from "./workspace/workspace.ts";

const env = parseEnv();
logger.level = env.LOG_LEVEL;
const leads = await createLeads(env, logger);
const workspace = createWorkspace({
  db: leads.db,
  niKey: leads.secrets.niKey,
  ipSalt: leads.secrets.ipSalt,
  publicUrl: env.PUBLIC_URL,
  onMailQueued: () => leads.worker.wake(),
});
// Deletes what the retention rules say has had its time: now, before any request (so a restored backup
// is purged before use), and every hour.
await startPurging({ db: leads.db, logger, rateLimitWindowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 });
// What loaders and actions receive through the router context.
const context = {
  services: { workspace },
  formResultSecret: leads.secrets.resultSecret,
  publicUrl: env.PUBLIC_URL,
};

async function loadApp() {
  const shared = {
    logger,
    leads: leads.router,
    analytics: leads.analytics.router,
    readiness: leads.readiness,
    trustProxy: env.TRUST_PROXY === "1",
    testHooks: env.ENABLE_TEST_HOOKS === "1",
    ...context,
  };
  if (env.NODE_ENV === "production") {
    const build = (await import(new URL("../build/server/index.js", import.meta.url).href)) as ServerBuild;
    return createApp({ ...shared, build, mode: "production", clientDir: defaultClientDir });
  }
  // Development: Vite serves the modules and reloads the server build on change.
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return createApp({
    ...shared,
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    before: [devServer.middlewares],
  });
}

const app = await loadApp();
const server = createHttpServer(app);
// SIGTERM and SIGINT: stop accepting, answer what is on open connections, finish the queue's sends
// in hand, and exit within ten seconds.
handleShutdown(server, {
  logger,
  onStart: (deadline) => leads.drain(deadline),
  onDrained: () => leads.close(),
});

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ url: `http://${env.HOST}:${port}`, mode: env.NODE_ENV }, "server listening");
  if (leads.migrated.length) logger.info({ applied: leads.migrated }, "database migrated");
  leads.worker.start();
  leads.analytics.start();
});
