import type { ServerBuild } from "react-router";
import { createApp, createHttpServer, defaultClientDir } from "./app.ts";
import { parseEnv } from "./env.ts";
import { logger } from "./logger.ts";
import { createServices, ownOrigins } from "./services.ts";
import { handleShutdown } from "./shutdown.ts";

const env = parseEnv();
logger.level = env.LOG_LEVEL;
const services = await createServices(env, logger);
// Deletes what the retention rules say has had its time: now, before any request (so a restored backup
// is purged before use), and every hour.
await services.startPurging();

async function loadApp() {
  const shared = {
    logger,
    leads: services.leads,
    analytics: services.analytics.router,
    readiness: services.readiness,
    services: services.app,
    formResultSecret: services.secrets.resultSecret,
    ownOrigins: ownOrigins(env.PUBLIC_URL),
    trustProxy: env.TRUST_PROXY === "1",
    testHooks: env.ENABLE_TEST_HOOKS === "1",
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
  onStart: (deadline) => services.drain(deadline),
  onDrained: () => services.close(),
});

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ url: `http://${env.HOST}:${port}`, mode: env.NODE_ENV }, "server listening");
  if (services.migrated.length) logger.info({ applied: services.migrated }, "database migrated");
  services.start();
});
