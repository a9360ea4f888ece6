/** Each island's script and the chunks it imports, from the build (tools/vite-islands.ts). */
declare module "virtual:islands" {
  const manifest: {
    development: boolean;
    files: Partial<Record<string, { file: string; imports: string[] }>>;
  };
  export default manifest;
}
