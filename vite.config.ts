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
    assetsInlineLimit: (file) => (file.endsWith("inter-latin-wght.woff2") ? true : undefined),
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
