import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
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
    rolldownOptions: {
      output: {
        // Every script response carries about 1 KB of headers, so a page of thirty tiny chunks pays
        // more for headers than for some of its code. The icons and the small shared UI pieces each
        // travel as one file (the logo too, which the workspace also draws); page content and the forms
        // (with their validation) stay per route, and the staff workspace's helpers and the lead model
        // stay with its own routes, out of the public pages' scripts, as the vacancies' helpers stay with the
        // careers pages that use them.
        codeSplitting: {
          groups: [
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            {
              name: "ui",
              // The form field (only the two forms use it) travels with the forms.
              test: (id: string) =>
                (/[\\/]app[\\/](components[\\/](ui[\\/]|sections[\\/]|logo\.)|lib[\\/])/.test(id) ||
                  /[\\/]core[\\/](seo\.|retention-periods\.|analytics[\\/]|staff[\\/]paths\.)/.test(id)) &&
                !/forms|ui[\\/]field\.|[\\/]lib[\\/](staff|leads|vacancies)[\\/]|\.server\./.test(id),
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
