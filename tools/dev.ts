// The development server: the production server's services and middleware, with the pages served by
// Vite from source, reloaded on change. `npm run dev`.
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { startServer } from "../server/main.ts";

await startServer(async () => {
  const vite = await createServer({ server: { middlewareMode: true } });
  return {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    before: [vite.middlewares],
  };
});
