/**
 * The one instance of something per process, made on first use. The server (run by Node from source)
 * and the server build (bundled by Vite) each load their own copy of a module, so a value that both
 * must share (a router context, matched by identity; the logger, whose level the server sets) is kept
 * under a global symbol named for it, as `@epic-web/remember` does.
 */
export function remember<T>(name: string, make: () => T): T {
  const store = globalThis as typeof globalThis & Record<symbol, unknown>;
  const key = Symbol.for(`cottonopolis.${name}`);
  if (!(key in store)) store[key] = make();
  return store[key] as T;
}
