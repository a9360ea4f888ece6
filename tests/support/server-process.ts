// One server process for the tests that need real processes (several on one database, or a real
// signal): configured from the environment as server/main.ts is, with the same lead endpoints,
// /healthz, /readyz, delivery queue and shutdown, but without the pages, so it starts in a moment.
// Logs JSON to stdout; its "server listening" line gives the port.
import express from "express";
import { createHttpServer } from "../../server/app.ts";
import { parseEnv } from "../../server/env.ts";
import { createLogger } from "../../server/observability/logger.ts";
import { createServices } from "../../server/services.ts";
import { handleShutdown } from "../../server/shutdown.ts";

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL);
// TEST_START_AT (ms since the epoch) lines several processes up to open the database at the same moment.
const startAt = Number(process.env.TEST_START_AT ?? 0);
if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
const services = await createServices(env, logger);
const app = express();
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
app.get("/readyz", services.readiness);
app.use(services.leads);
const server = createHttpServer(app);
handleShutdown(server, {
  logger,
  onStart: (deadline) => services.drain(deadline),
  onDrained: () => services.close(),
});
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  logger.info({ port: typeof address === "object" && address ? address.port : env.PORT }, "server listening");
  services.delivery.start();
});
