// The "Send Us a Message" form, hydrated on its own.
import { ContactForm } from "~/components/forms/contact-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("contact-form", ContactForm);
