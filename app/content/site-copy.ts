/**
 * The public pages' words still in code, as the Ready to launch checks read them (core/launch/checks.ts):
 * each page's typed content with its address and name. The words staff keep as site content are read
 * from what is published (core/launch/published-copy.ts); a page added to the site adds its code's
 * words here.
 */
import { type CopyText, copyOf } from "#core/launch/checks.ts";
import { about } from "./about";
import { careers } from "./careers";
import { contact } from "./contact";
import { home } from "./home";

/** The words in code of the home page, About, Careers and Contact (the service pages' words are all site content). */
export function siteCopy(): CopyText[] {
  return [
    ...copyOf(home, "/", "Home"),
    ...copyOf(about, "/about", "About"),
    ...copyOf(careers, "/careers", "Careers"),
    ...copyOf(contact, "/contact", "Contact"),
  ];
}
