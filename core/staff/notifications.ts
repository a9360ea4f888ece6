/**
 * Which new leads a member of staff receives: one choice for each service of the contact form (as the
 * form labels it), one for enquiries that named no service, and one for job applications.
 */
import type { LeadKind } from "../leads/model.ts";
import { serviceChoices } from "../leads/model.ts";

/** One of the choices on the team page, as stored ('enquiry:cleaning', 'enquiry:none', 'application'). */
export type NotificationRoute = { value: string; label: string };

/** Enquiries that named no service. */
export const noServiceRoute = "enquiry:none";
/** Job applications. */
export const applicationRoute = "application";

export const notificationRoutes: readonly NotificationRoute[] = [
  ...serviceChoices.map((option) => ({ value: `enquiry:${option.value}`, label: option.label })),
  { value: noServiceRoute, label: "No service chosen" },
  { value: applicationRoute, label: "Job applications" },
];

/** The route a new lead takes: its service for an enquiry, or applications. */
export function routeOf(kind: LeadKind, service: string): string {
  if (kind === "application") return applicationRoute;
  return serviceChoices.some((option) => option.value === service) ? `enquiry:${service}` : noServiceRoute;
}

/** True when `value` is one of the choices. */
export function isNotificationRoute(value: string): boolean {
  return notificationRoutes.some((route) => route.value === value);
}
