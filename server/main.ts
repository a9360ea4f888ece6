import type { ServerBuild } from "react-router";
import {
  type AppOptions,
  codeCopyOf,
  createApp,
  createHttpServer,
  defaultClientDir,
  warnNotReadyToLaunch,
} from "./app.ts";
import { tlsPolicy } from "./delivery/smtp.ts";
import { type Env, parseEnv } from "./env.ts";
import { type Logger, logger } from "./observability/logger.ts";
import { createServices, ownOrigins, smtpConfig } from "./services.ts";
import { handleShutdown } from "./shutdown.ts";

/**
 * Says at start that SMTP_REQUIRE_TLS=false lets mail (the SMTP password, every lead, every CV) cross
 * the network in clear to a mail server on another machine that offers no STARTTLS.
 */
export function warnOfPlainMail(env: Env, logger: Logger) {
  const smtp = smtpConfig(env);
  if (!smtp || env.SMTP_REQUIRE_TLS !== "false" || tlsPolicy({ ...smtp, requireTls: true }) !== "required")
    return;
  logger.warn(
    "SMTP_REQUIRE_TLS=false: mail goes unencrypted to a mail server that offers no STARTTLS, where anyone on the path can read it; use it only for a relay on a network you trust",
  );
}

/** Where the pages come from: the production build, or Vite's development server (tools/dev.ts). */
export type PageSource = Pick<AppOptions, "build" | "mode" | "clientDir" | "before">;

/** The production build in build/, prerendered pages and hashed assets included. */
async function productionBuild(): Promise<PageSource> {
  const build = (await import(new URL("../build/server/index.js", import.meta.url).href)) as ServerBuild;
  return { build, mode: "production", clientDir: defaultClientDir };
}

/**
 * Starts the server: reads the environment, builds every service (server/services.ts), purges what is
 * due, then listens and starts the delivery queue. SIGTERM and SIGINT shut it down cleanly.
 */
export async function startServer(pages: () => Promise<PageSource> = productionBuild): Promise<void> {
  const env = parseEnv();
  logger.level = env.LOG_LEVEL;
  const services = await createServices(env, logger);
  // Deletes what the retention rules say has had its time: now, before any request (so a restored
  // backup is purged before use), and every hour.
  await services.startPurging();

  const source = await pages();
  const app = createApp({
    logger,
    leads: services.leads,
    analytics: services.analytics.router,
    redirects: services.redirects.handler,
    pictures: services.pictures.router,
    readiness: services.readiness,
    services: services.app,
    formResultSecret: services.secrets.resultSecret,
    ownOrigins: ownOrigins(env.PUBLIC_URL),
    trustProxy: env.TRUST_PROXY,
    httpsSite: env.PUBLIC_URL?.startsWith("https:") ?? false,
    testHooks: env.ENABLE_TEST_HOOKS === "1",
    ...source,
  });
  // /metrics is answered before the app; every other request is timed by route group.
  const server = createHttpServer(services.metrics.wrap(app));
  // SIGTERM and SIGINT: stop accepting, answer what is on open connections, finish the queue's sends
  // in hand, and exit within ten seconds.
  handleShutdown(server, {
    logger,
    onStart: (deadline) => services.drain(deadline),
    onDrained: () => services.close(),
    graceMs: (env.SHUTDOWN_GRACE_SECONDS ?? (env.NODE_ENV === "production" ? 3 : 0)) * 1000,
  });

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ url: `http://${env.HOST}:${port}`, mode: env.NODE_ENV }, "server listening");
    if (services.migrated.length) logger.info({ applied: services.migrated }, "database migrated");
    if (env.NODE_ENV === "production") {
      // The confirmations are read if the database answers now; otherwise every absolute claim counts.
      const warn = (confirmedKeys?: ReadonlySet<string>) =>
        warnNotReadyToLaunch(logger, services.app.content.published(), Date.now(), {
          codeCopy: codeCopyOf(source.build),
          ...(confirmedKeys ? { confirmedKeys } : {}),
        });
      void services.app.launch.confirmedKeys().then(warn, () => warn());
    }
    warnOfPlainMail(env, logger);
    services.start();
  });
}

if (import.meta.main) await startServer();
