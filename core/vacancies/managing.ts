/**
 * What staff whom an administrator has not allowed to publish, edit or close vacancies read, on the
 * vacancy's page and in the refusal when they try. On its own, away from the vacancy model the public
 * pages load, so only the workspace's script carries it.
 */
export const mayNotManageVacancies =
  "Publishing, editing and closing vacancies is for those an administrator has allowed. Ask an administrator to allow you on the Team page.";
