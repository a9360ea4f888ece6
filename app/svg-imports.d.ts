/**
 * An SVG file's markup under a query of its own (`?raw&home`): the same text as `?raw`, as a separate
 * module, so the home page carries its copies of the service pictures in its own script (see content/home.ts).
 */
declare module "*?raw&home" {
  const markup: string;
  export default markup;
}
