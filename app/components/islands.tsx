/**
 * Islands on the public pages (docs/decisions/027-islands-on-prerendered-pages.md). The pages are HTML
 * and CSS; the few parts that do something load a small script of their own, which enhances the markup
 * the server drew, in place:
 *
 * - `useIsland(name)` asks for a plain script (the menu, the map) that finds its markup by attribute;
 * - `<Island>` draws a React component on the server (the forms), with the props it was drawn with
 *   beside it as JSON and the list of its script's files on its box: the site's script loads them, and
 *   they hydrate just that component, when the visitor comes near it or starts to use it;
 * - `<IslandScripts>`, last in the body, loads the plain scripts the page asked for, once it has painted.
 *
 * No page's script carries the page: its words are in its HTML and nowhere else.
 */

import islandFiles from "virtual:islands";
import { createContext, useContext } from "react";
import { type IslandName, islandAttribute, islandLoadAttribute, islandPropsAttribute } from "~/islands/names";
import { NonceContext } from "~/lib/font-gate";

/** The islands the page being drawn asked for, in the order it asked. */
const IslandsContext = createContext<Set<IslandName> | null>(null);

export function IslandsProvider({
  islands,
  children,
}: {
  islands: Set<IslandName>;
  children: React.ReactNode;
}) {
  return <IslandsContext value={islands}>{children}</IslandsContext>;
}

/** Asks for the island's script on this page. Drawing on the server is when it counts. */
export function useIsland(name: IslandName) {
  useContext(IslandsContext)?.add(name);
}

/** JSON safe inside a `<script>`: no `<` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** React's refresh runtime, which a component's source needs before it runs in development. */
const refreshRuntime = "/@id/virtual:react-router/inject-hmr-runtime";

/** The files an island's script needs, in the order they may run: its chunks (any order), then itself. */
function filesOf(name: IslandName): string[] {
  const file = islandFiles.files[name];
  if (!file) return [];
  return [...(islandFiles.development ? [refreshRuntime] : file.imports), file.file];
}

/**
 * A React component drawn here and hydrated on its own by the island's script, with `props` (which
 * must survive JSON) read back from beside it. Its box takes no part in the layout. The site's script
 * (islands/site.ts) loads the island when its box comes near the view or the visitor starts to use it,
 * so a page read from the top pays for React only when its form is reached.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: React.ComponentType<Props>;
  props: Props;
}) {
  const nonce = useContext(NonceContext);
  return (
    <>
      <div
        {...{ [islandAttribute]: name, [islandLoadAttribute]: filesOf(name).join(" ") }}
        className="contents"
      >
        <Component {...props} />
      </div>
      <script
        type="application/json"
        nonce={nonce}
        {...{ [islandPropsAttribute]: name }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: data, not code, escaped for the script element
        dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
      />
    </>
  );
}

/**
 * The page's plain island scripts, as one module that entry.server.tsx rewrites to start after the first
 * paint (lib/module-preloads.server.ts). Their chunks are fetched together, not one after another.
 */
export function IslandScripts({ islands }: { islands: Set<IslandName> }) {
  const nonce = useContext(NonceContext);
  const files = [...new Set(["site" as const, ...islands])].map((name) => islandFiles.files[name]);
  const urls = [...new Set(files.flatMap((file) => (file ? [...file.imports, file.file] : [])))];
  const site = islandFiles.files.site?.file;
  const code = [
    ...urls.map((url) =>
      url === site ? `import * as site from ${JSON.stringify(url)};` : `import ${JSON.stringify(url)};`,
    ),
    "site.start();",
  ].join("\n");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own module list, allowed by the policy
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}
