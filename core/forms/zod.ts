import { z } from "zod";

// In the browser zod must not probe for `new Function`: the Content-Security-Policy forbids eval and
// reports even an attempt that zod catches. The server keeps zod's faster compiled parsers. Every schema
// that can reach the browser imports zod from here, so the setting is made before any schema exists.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
