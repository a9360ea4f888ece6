import { data } from "react-router";
import {
  applicantLinkParameter,
  confirmations,
  confirmStep,
  confirmStepOf,
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
    confirm: confirmStepOf(url.searchParams.get(confirmStep.name)),
  };
}

/** What a post came to, as the page shows it: a banner, a link that shows nothing, or the erasure done. */
export type ActionResult = { result: FormResult | null; unknown?: true; erased?: true };

/**
 * The most of a post the page reads when its link does not work: such a post can only be asking for a
 * fresh link, a form of one field. Anything larger, or of no declared length, is answered unread.
 */
const closedLinkBodyBytes = 4 * 1024;

/**
 * The page's answer. `unread`: the body was not read (a refusal made before it), so the connection is
 * closed once the answer has gone rather than kept open while the rest arrives for nobody.
 */
function answered(answer: PageAnswer, { unread = false } = {}) {
  const headers = new Headers();
  if (answer.kind === "refused" && answer.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(answer.retryAfterSeconds));
  }
  if (unread) headers.set("Connection", "close");
  const init = (status: number) => ({ status, headers });
  switch (answer.kind) {
    case "done":
      return data<ActionResult>({ result: { type: "success", message: answer.message } }, init(200));
    case "refused":
      return data<ActionResult>(
        {
          result: {
            type: "error",
            message: answer.message,
            ...(answer.field ? { fields: { [answer.field]: answer.message } } : {}),
          },
        },
        init(answer.status),
      );
    case "unknown":
      return data<ActionResult>({ result: null, unknown: true }, init(404));
    case "erased":
      return data<ActionResult>({ result: null, erased: true }, init(200));
  }
}

/**
 * The answer's own headers (Retry-After on a 429, Connection: close when its body went unread) reach
 * the response: React Router takes an action's headers only through the route's `headers`.
 */
export function headers({ actionHeaders, loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  for (const own of [loaderHeaders, actionHeaders]) {
    own.forEach((value, name) => {
      merged.set(name, value);
    });
  }
  return merged;
}

/** The length a post declares, or null when it declares none (or nonsense). */
function declaredLength(request: Request): number | null {
  const given = request.headers.get("content-length");
  const length = given === null ? Number.NaN : Number(given);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

function refused(status: number, message: string, { unread = false } = {}) {
  return answered({ kind: "refused", status, message }, { unread });
}

/** A text field's value; "" for a missing one, or for a file where text was expected. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * One change from the page, by the form's intent. Each is the service's (server/applicants/
 * self-service.ts): let in before the body is read (counted, the link checked against its application),
 * then made in one transaction. A post turned away there, or whose link does not work and which is more
 * than a request for a fresh link, is answered without reading its body (up to 10 MB with a new CV). A
 * post that is not one of the page's forms is answered 4xx in words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { applicantPage } = context.get(servicesContext);
  const client = context.get(clientAddressContext);
  const token = new URL(request.url).searchParams.get(applicantLinkParameter) ?? "";
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return refused(415, "This page takes its own forms only. Please use the buttons on the page.", {
      unread: true,
    });
  }
  const admission = await applicantPage.admit(token, client);
  if (admission.kind === "refused") return answered(admission, { unread: true });
  const length = declaredLength(request);
  if (!admission.opens && (length === null || length > closedLinkBodyBytes)) {
    return answered({ kind: "unknown" }, { unread: true });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(400, "The form could not be read. Please reload the page and try again.");
  }
  switch (text(form, "intent")) {
    case intents.withdraw:
      return answered(
        await applicantPage.withdraw(admission, text(form, "confirm") === confirmations.withdraw),
      );
    case intents.replaceCv: {
      const file = form.get("cv");
      const upload =
        file instanceof File ? { name: file.name, content: Buffer.from(await file.arrayBuffer()) } : null;
      return answered(await applicantPage.replaceCv(admission, upload));
    }
    case intents.keepOnFile:
      return answered(await applicantPage.keepOnFile(admission));
    case intents.leavePool:
      return answered(
        await applicantPage.leavePool(admission, text(form, "confirm") === confirmations.leavePool),
      );
    case intents.answerInterview:
      return answered(
        await applicantPage.answerInterview(admission, {
          uid: text(form, "uid"),
          answer: text(form, "answer"),
          message: text(form, "message"),
        }),
      );
    case intents.erase:
      return answered(await applicantPage.erase(admission, text(form, "confirm") === confirmations.erase));
    case intents.freshLink:
      return answered(await applicantPage.sendFreshLink(admission));
    default:
      return refused(400, "We could not tell what you wanted to do. Please use the buttons on the page.");
  }
}
