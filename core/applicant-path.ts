/**
 * The address of an applicant's own page, on its own so that the public pages' shared script (which
 * must never count a visit to it: its link is in the address) carries this one string and nothing more
 * of the page's (core/applicant-page.ts).
 */

/** The page a link opens. */
export const applicantPagePath = "/your-application";
