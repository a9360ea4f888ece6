/**
 * Job alerts as both sides name them: the choices a person makes (kinds of work, employment types, a
 * place, how often), the form's field names, the pages' addresses and the words each choice reads as,
 * the same on the sign-up form, the manage page, the e-mails, the workspace and the access ZIP.
 */
import { serviceList } from "../config/service-list.ts";
import { employmentTypeLabel, employmentTypes } from "../vacancies/model.ts";

/** How often alerts go: as soon as a matching job is published, once a day, or once a week. */
export const alertFrequencies = [
  { value: "immediate", label: "As soon as a job is published" },
  { value: "daily", label: "Once a day" },
  { value: "weekly", label: "Once a week" },
] as const;

export type AlertFrequency = (typeof alertFrequencies)[number]["value"];

/** The kinds of work an alert can follow: the five services, by the slug vacancies are filed under. */
export const alertServices = serviceList.map((service) => ({ value: service.slug, label: service.name }));

/** The employment types an alert can follow, as vacancies name them. */
export const alertTypes = employmentTypes.map((type) => ({ value: type.value, label: type.label }));

/** The form's field names (shared by the sign-up form and the manage page). */
export const alertFields = {
  email: "email",
  services: "services",
  types: "types",
  place: "place",
  frequency: "frequency",
} as const;

/** The longest place a person may type: a town or a postcode district. */
export const placeMaxLength = 60;

/** Where the pages live. Each link carries its signed token in `?link=`. */
export const alertPaths = {
  signUp: "/careers/alerts",
  confirm: "/careers/alerts/confirm",
  manage: "/careers/alerts/manage",
  unsubscribe: "/careers/alerts/unsubscribe",
} as const;

/** The query parameter that carries a link's token. */
export const alertLinkParameter = "link";

/**
 * Leaving from the manage page asks first: `?step=leave` shows the question (a GET, so following it
 * changes nothing), and only a post carrying `confirm=leave` deletes the alert.
 */
export const leaveStep = { name: "step", value: "leave", confirm: "leave" } as const;

/** The button that confirms leaving, named again when a post comes without the confirmation. */
export const leaveButton = "Yes, stop my alerts";

/** The manage page's address for a token, as its forms post to it and its "No" goes back to it. */
export function manageHref(token: string): string {
  return `${alertPaths.manage}?${alertLinkParameter}=${encodeURIComponent(token)}`;
}

/** What a person chose: empty lists mean "any". */
export type AlertChoices = {
  services: string[];
  types: string[];
  place: string;
  frequency: AlertFrequency;
};

/** A service's slug in words; an unknown one as it is. */
export function alertServiceLabel(key: string): string {
  return alertServices.find((service) => service.value === key)?.label ?? key;
}

/** The choices in one line of words: "Steward Staff; Temporary; near Salford; once a day". */
export function describeChoices(choices: AlertChoices): string {
  const services = choices.services.length
    ? choices.services.map(alertServiceLabel).join(", ")
    : "Any kind of work";
  const types = choices.types.length
    ? choices.types.map(employmentTypeLabel).join(", ")
    : "any employment type";
  const place = choices.place ? `in or near ${choices.place}` : "anywhere we work";
  const frequency = alertFrequencies.find((f) => f.value === choices.frequency)?.label.toLowerCase() ?? "";
  return `${services}; ${types}; ${place}; ${frequency}`;
}
