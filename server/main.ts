import type { ServerBuild } from "react-router";
import { createApp, createHttpServer, defaultClientDir } from "./app.ts";
import { parseEnv } from "./env.ts";
import { createLeads } from "./leads/setup.ts";
import { logger } from "./logger.ts";
import { createWorkspace } from "./workspace/workspace.ts";

const env = parseEnv();
const leads = await createLeads(env, logger);
const workspace = createWorkspace({
  db: leads.db,
  niKey: leads.secrets.niKey,
  ipSalt: leads.secrets.ipSalt,
  publicUrl: env.PUBLIC_URL,
});
// What loaders and actions receive through the router context.
const context = {
  services: { workspace },
  formResultSecret: leads.secrets.resultSecret,
  publicUrl: env.PUBLIC_URL,
};

async function loadApp() {
  if (env.NODE_ENV === "production") {
    const build = (await import(new URL("../build/server/index.js", import.meta.url).href)) as ServerBuild;
    return createApp({
      build,
      mode: "production",
      clientDir: defaultClientDir,
      logger,
      leads: leads.router,
      analytics: leads.analytics.router,
      trustProxy: env.TRUST_PROXY === "1",
      ...context,
    });
  }
  // Development: Vite serves the modules and reloads the server build on change.
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return createApp({
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    logger,
    before: [devServer.middlewares],
    leads: leads.router,
    analytics: leads.analytics.router,
    trustProxy: env.TRUST_PROXY === "1",
    ...context,
  });
}

const app = await loadApp();
const server = createHttpServer(app);

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ url: `http://${env.HOST}:${port}`, mode: env.NODE_ENV }, "server listening");
  if (leads.migrated.length) logger.info({ applied: leads.migrated }, "database migrated");
  leads.worker.start();
  leads.analytics.start();
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down");
  server.close(async () => {
    await leads.close();
    logger.info("server closed");
    process.exit(0);
  });
  server.closeIdleConnections();
  // Requests still running after ten seconds are abandoned rather than blocking a deploy.
  setTimeout(() => {
    logger.warn("forcing exit with connections still open");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
