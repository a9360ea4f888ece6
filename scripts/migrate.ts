// Applies the database migrations without starting the server: `npm run db:migrate`.
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";

const env = parseEnv();
const db = openDatabase(env.DATABASE_URL, {
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
});
const applied = await migrate(db);
await db.close();
console.log(applied.length ? `Applied ${applied.join(", ")}` : "The database is up to date.");
