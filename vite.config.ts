import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { islandNames } from "./app/islands/names.ts";
import { islands } from "./tools/vite-islands.ts";

/** Each island's source: `app/islands/<name>.tsx` for those that hydrate React, `.ts` for plain scripts. */
const reactIslands = new Set(["contact-form", "careers-form"]);
const islandSources = Object.fromEntries(
  islandNames.map((name) => [name, `app/islands/${name}.${reactIslands.has(name) ? "tsx" : "ts"}`]),
);

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The public pages' scripts: one small entry per island (docs/decisions/027-islands-on-prerendered-pages.md).
    islands(islandSources),
    // Brotli at its highest quality, once, at build time: about a tenth smaller than the on-the-fly
    // compression the server can afford per request. The server sends the .br file when it is accepted.
    compression({
      algorithms: ["brotliCompress"],
      include: /\.(js|css|svg|xml|txt|ico)$/,
      threshold: 1024,
    }),
  ],
  build: {
    // The latin font travels inside the stylesheet: one request on the connection the page already has,
    // and the first paint has its font without a second round trip. Everything else stays a file.
    assetsInlineLimit: (file) => (file.endsWith("inter-core-wght.woff2") ? true : undefined),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every script response carries about 1 KB of headers: a form's island would otherwise be twenty
            // small files. React travels as one file, and the two forms' shared parts (fields, banner, the
            // submission with its retries, the icons they draw) as another; the public pages' other islands
            // import neither, and the workspace's routes split as the bundler sees fit.
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                {
                  name: "form",
                  test: /[\\/]app[\\/](components[\\/](forms[\\/](?!contact-form|careers-form|quote-questions)|ui[\\/](field|button)\.)|islands[\\/]hydrate\.|lib[\\/]cn\.)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)/,
                  priority: 1,
                },
                // The names every island shares, small, so the site's script does not fetch the forms' chunk.
                {
                  name: "island-names",
                  test: /[\\/]app[\\/]islands[\\/](names|hooks)\.|[\\/]core[\\/]applicant-path\./,
                  priority: 3,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
