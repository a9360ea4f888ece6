/**
 * Where the two forms post, fixed by the wire contract, and the page each belongs to. Kept apart from
 * the schemas (which re-export them) so the header can name the pages without loading zod.
 */

/** Where the contact form posts. */
export const contactEndpoint = "/contact-handler.php";

/** Where the application form posts. */
export const careersEndpoint = "/careers-handler.php";

/** The page each endpoint belongs to: a form refused without JavaScript comes back at the endpoint's address. */
export const endpointPages: Record<string, string> = {
  [contactEndpoint]: "/contact",
  [careersEndpoint]: "/careers",
};
