/** The vnu-jar package: the path of the Nu HTML Checker's vnu.jar (as a String object). */
declare module "vnu-jar" {
  const vnuJar: string;
  export default vnuJar;
}
