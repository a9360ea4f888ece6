/**
 * The public pages' islands (docs/decisions/027-islands-on-prerendered-pages.md): each island is a small
 * script of its own, built as an entry of the client build beside React Router's, so it shares chunks
 * with nothing it does not import. The pages learn each island's file from `virtual:islands`:
 *
 * - in a build, the client environment is built first, and records the file each island was written to
 *   and the chunks it imports; the server environment, built after it, reads that record;
 * - in development, each island is its source file, which Vite serves and reloads.
 */
import path from "node:path";
import type { Plugin } from "vite";

/** Where one island's script is, and every chunk it imports (fetched with it, not one after another). */
export type IslandFile = { file: string; imports: string[] };

/** What `virtual:islands` exports: each island's files, and whether they are development sources. */
export type IslandManifest = { development: boolean; files: Record<string, IslandFile> };

const virtualId = "virtual:islands";
const resolvedId = `\0${virtualId}`;

/** `entries`: each island's name and its source file, relative to the project's root. */
export function islands(entries: Record<string, string>): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  const references = new Map<string, string>();
  let built: Record<string, IslandFile> | null = null;

  return {
    name: "site-islands",
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      if (command !== "build" || this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(entries)) {
        references.set(
          name,
          this.emitFile({ type: "chunk", id: path.resolve(root, file), name: `island-${name}` }),
        );
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client" || references.size === 0) return;
      // Every chunk an island needs, however deep: the page asks for all of them at once.
      const needs = (fileName: string, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk") return seen;
        for (const imported of chunk.imports) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          needs(imported, seen);
        }
        return seen;
      };
      const files: Record<string, IslandFile> = {};
      for (const [name, reference] of references) {
        const fileName = this.getFileName(reference);
        files[name] = { file: `/${fileName}`, imports: [...needs(fileName)].map((file) => `/${file}`) };
      }
      built = files;
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      let manifest: IslandManifest;
      if (command === "serve") {
        const files = Object.fromEntries(
          Object.entries(entries).map(([name, file]) => [
            name,
            { file: `/${path.posix.normalize(file)}`, imports: [] },
          ]),
        );
        manifest = { development: true, files };
      } else if (this.environment.name === "client") {
        // No page script reads it: the list of files is for the server's HTML only.
        manifest = { development: false, files: {} };
      } else if (built) {
        manifest = { development: false, files: built };
      } else {
        this.error("The islands are known only once the client has been built; build the client first.");
      }
      return `export default ${JSON.stringify(manifest)};`;
    },
  };
}
