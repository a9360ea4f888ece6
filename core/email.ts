/**
 * E-mail addresses as the site compares and stores them, the same in the workspace's pages and on the
 * server, so an address typed in any case finds the same person.
 */

/** E-mail addresses are compared without regard to case or surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
