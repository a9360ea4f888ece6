/**
 * Every public page's words, as the Ready to launch checks read them (core/launch/checks.ts): each page's
 * typed content with its address and name. A page added to the site adds its content here.
 */
import { type CopyText, copyOf } from "#core/launch/checks.ts";
import { about } from "./about";
import { careers } from "./careers";
import { contact } from "./contact";
import { home } from "./home";
import { services } from "./services";

/** The words of the home page, About, Careers, Contact and each service's page. */
export function siteCopy(): CopyText[] {
  return [
    ...copyOf(home, "/", "Home"),
    ...copyOf(about, "/about", "About"),
    ...services.flatMap((service) => copyOf(service, service.card.href, service.card.title)),
    ...copyOf(careers, "/careers", "Careers"),
    ...copyOf(contact, "/contact", "Contact"),
  ];
}
