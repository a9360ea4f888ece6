/**
 * A postgres:// DATABASE_URL as libpq's environment variables (PGHOST, PGUSER, PGPASSWORD, ...), for
 * pg_dump and pg_restore: on their command line the URL, and any password in it, would be readable by
 * every user of the machine in `ps`; a process's environment is readable only by its own user.
 */

/** The URL's query parameters libpq understands, and the variable each becomes. */
const parameters: Record<string, string> = {
  host: "PGHOST",
  hostaddr: "PGHOSTADDR",
  port: "PGPORT",
  dbname: "PGDATABASE",
  user: "PGUSER",
  password: "PGPASSWORD",
  passfile: "PGPASSFILE",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
  connect_timeout: "PGCONNECT_TIMEOUT",
  sslmode: "PGSSLMODE",
  sslnegotiation: "PGSSLNEGOTIATION",
  sslrootcert: "PGSSLROOTCERT",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  sslcrl: "PGSSLCRL",
  channel_binding: "PGCHANNELBINDING",
  gssencmode: "PGGSSENCMODE",
  target_session_attrs: "PGTARGETSESSIONATTRS",
};

/**
 * libpq's variables for a postgres:// or postgresql:// URL (user, password, hosts and ports, database,
 * and the query's settings). Throws, naming it, on a setting pg_dump would not understand.
 */
export function postgresEnv(databaseUrl: string): Record<string, string> {
  const match = /^postgres(?:ql)?:\/\/(?:([^@/?#]*)@)?([^/?#]*)(?:\/([^?#]*))?(?:\?([^#]*))?$/.exec(
    databaseUrl,
  );
  if (!match) throw new Error("DATABASE_URL is not a postgres:// address pg_dump can use.");
  const [, userinfo, hostlist, database, query] = match;
  const env: Record<string, string> = {};
  if (userinfo) {
    const colon = userinfo.indexOf(":");
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    if (user) env.PGUSER = decodeURIComponent(user);
    if (colon >= 0) env.PGPASSWORD = decodeURIComponent(userinfo.slice(colon + 1));
  }
  if (hostlist) {
    const hosts = hostlist.split(",").map((entry) => {
      const parts = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(entry);
      return {
        host: decodeURIComponent(parts?.[1]?.replace(/^\[|\]$/g, "") ?? entry),
        port: parts?.[2] ?? "",
      };
    });
    if (hosts.some((h) => h.host)) env.PGHOST = hosts.map((h) => h.host).join(",");
    if (hosts.some((h) => h.port)) env.PGPORT = hosts.map((h) => h.port).join(",");
  }
  if (database) env.PGDATABASE = decodeURIComponent(database);
  for (const [name, value] of new URLSearchParams(query ?? "")) {
    const variable = parameters[name];
    if (!variable) throw new Error(`DATABASE_URL's "${name}" setting is not one pg_dump understands.`);
    env[variable] = value;
  }
  return env;
}
