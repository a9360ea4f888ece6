import { data } from "react-router";
import {
  applicantLinkParameter,
  eraseConfirmation,
  eraseStep,
  applicantIntents as intents,
} from "#core/applicant-page.ts";
import { careersFiles } from "#core/forms/careers-fields.ts";
import type { FormResult } from "#core/forms/form-result.ts";
import { clientAddressContext, servicesContext } from "~/lib/app-context";
import type { PageAnswer } from "../../server/contract.ts";
import type { Route } from "./+types/your-application";

/**
 * The page for a link: the application in words, or, for any link that does not work (wrong, altered,
 * expired, for an application that has gone), one page that shows nothing of it, with 404. Reads only:
 * a link preview that fetches the address changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { applicantPage } = context.get(servicesContext);
  const url = new URL(request.url);
  const token = url.searchParams.get(applicantLinkParameter) ?? "";
  const view = await applicantPage.open(token);
  if (!view) return data({ state: "unknown" as const }, 404);
  return {
    state: "open" as const,
    token,
    view,
    // The CV's file types come with the page's data, not its script: the careers form's fields module
    // stays in the forms' own chunk.
    cvTypes: careersFiles.resume,
    confirmErase: url.searchParams.get(eraseStep.name) === eraseStep.value,
  };
}

/** What a post came to, as the page shows it: a banner, a link that shows nothing, or the erasure done. */
export type ActionResult = { result: FormResult | null; unknown?: true; erased?: true };

function answered(answer: PageAnswer) {
  switch (answer.kind) {
    case "done":
      return data<ActionResult>({ result: { type: "success", message: answer.message } }, 200);
    case "refused":
      return data<ActionResult>(
        {
          result: {
            type: "error",
            message: answer.message,
            ...(answer.field ? { fields: { [answer.field]: answer.message } } : {}),
          },
        },
        answer.status,
      );
    case "unknown":
      return data<ActionResult>({ result: null, unknown: true }, 404);
    case "erased":
      return data<ActionResult>({ result: null, erased: true }, 200);
  }
}

function refused(status: number, message: string) {
  return answered({ kind: "refused", status, message });
}

/** A text field's value; "" for a missing one, or for a file where text was expected. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * One change from the page, by the form's intent. Each is the service's (server/applicants/
 * self-service.ts): counted, checked against the link, made in one transaction. A post that is not one
 * of the page's forms is answered 4xx in words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { applicantPage } = context.get(servicesContext);
  const client = context.get(clientAddressContext);
  const token = new URL(request.url).searchParams.get(applicantLinkParameter) ?? "";
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return refused(415, "This page takes its own forms only. Please use the buttons on the page.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(400, "The form could not be read. Please reload the page and try again.");
  }
  switch (text(form, "intent")) {
    case intents.withdraw:
      return answered(await applicantPage.withdraw(token, client));
    case intents.replaceCv: {
      const file = form.get("cv");
      const upload =
        file instanceof File ? { name: file.name, content: Buffer.from(await file.arrayBuffer()) } : null;
      return answered(await applicantPage.replaceCv(token, client, upload));
    }
    case intents.keepOnFile:
      return answered(await applicantPage.keepOnFile(token, client));
    case intents.leavePool:
      return answered(await applicantPage.leavePool(token, client));
    case intents.answerInterview:
      return answered(
        await applicantPage.answerInterview(token, client, {
          uid: text(form, "uid"),
          answer: text(form, "answer"),
          message: text(form, "message"),
        }),
      );
    case intents.erase:
      return answered(await applicantPage.erase(token, client, text(form, "confirm") === eraseConfirmation));
    case intents.freshLink:
      return answered(await applicantPage.sendFreshLink(token, client));
    default:
      return refused(400, "We could not tell what you wanted to do. Please use the buttons on the page.");
  }
}
