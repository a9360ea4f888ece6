/**
 * What staff whom an administrator has not allowed to publish, edit or close vacancies read, on the
 * vacancy's page and in the refusal when they try. On its own, away from the vacancy model the public
 * pages load, so only the workspace's script carries it.
 */
export const mayNotManageVacancies =
  "Publishing, editing and closing vacancies is for those an administrator has allowed. Ask an administrator to allow you on the Team page.";

/**
 * What staff without that permission read where a vacancy's "not this time" would be, and in the
 * refusal when they try: it writes to every applicant they tick, so it is for the same people.
 */
export const mayNotTellApplicants =
  "Telling a vacancy's applicants “not this time” is for those an administrator has allowed to publish vacancies. Ask an administrator to allow you on the Team page.";
