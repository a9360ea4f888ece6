import { data } from "react-router";

/**
 * The fields a workspace form sent. A post that is not a form (no body, JSON, text) is refused with 415,
 * and a form that cannot be read with 400, each with a plain message, never as a failure of ours.
 */
export async function staffForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data("This address takes the workspace's own forms only.", 415);
  }
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read. Please reload the page and try again.", 400);
  }
}
