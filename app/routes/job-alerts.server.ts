import { data } from "react-router";
import { alertFields, alertLinkParameter, leaveButton, leaveStep } from "#core/alerts/model.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { resendIntent } from "~/components/alerts/alert-forms";
import { alertSignUpHtml } from "~/components/alerts/alert-sign-up.server";
import { clientAddressContext, formResultSecretContext, servicesContext } from "~/lib/app-context";
import type { AlertAnswer } from "../../server/contract.ts";
import type { Route as SignUpRoute } from "./+types/job-alerts";
import type { Route as ConfirmRoute } from "./+types/job-alerts.confirm";
import type { Route as ManageRoute } from "./+types/job-alerts.manage";
import type { Route as UnsubscribeRoute } from "./+types/job-alerts.unsubscribe";

/**
 * The server half of the job alerts' pages: each reads the signed `?link=` token and hands it to the
 * alerts service (server/alerts/subscriptions.ts). Opening a page only reads; every change is a POST.
 * A post is counted against its network's allowance before its body is read, and the server bounds
 * the body before any of this runs (server/alerts/page-guard.ts).
 */

/**
 * What a post came to, as a page shows it; after a sign-up, also the address it was for (the page says
 * where to look, and offers to send the link again) and whether this was that second sending.
 */
export type AlertResult = { answer: AlertAnswer; email?: string; resent?: boolean };

function answered(answer: AlertAnswer, more: Omit<AlertResult, "answer"> = {}) {
  const status = answer.kind === "refused" ? answer.status : answer.kind === "unknown" ? 404 : 200;
  const retryAfter = answer.kind === "refused" ? answer.retryAfterSeconds : undefined;
  return data<AlertResult>(
    { answer, ...more },
    retryAfter === undefined ? status : { status, headers: { "Retry-After": String(retryAfter) } },
  );
}

/** Every alert page's headers: its action's Retry-After, so a paused post is told when to come back. */
export function alertPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : {});
}

/** A post's form fields, or null for a post that is not a form (answered 415). */
async function formOf(request: Request): Promise<FormData | null> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

const notAForm = () =>
  answered({
    kind: "refused",
    status: 415,
    message: "This page takes its own forms only. Please use the buttons on the page.",
  });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

function choicesFrom(form: FormData) {
  return {
    services: texts(form, alertFields.services),
    types: texts(form, alertFields.types),
    place: text(form, alertFields.place),
    frequency: text(form, alertFields.frequency),
  };
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get(alertLinkParameter) ?? "";

/** The sign-up page itself, reached by address: the form with a fresh time token. */
export async function signUpLoader({ context }: SignUpRoute.LoaderArgs) {
  return { alertSignUp: alertSignUpHtml(issueFormToken("careers", context.get(formResultSecretContext))) };
}

/** A sign-up from any of the forms: "check your inbox", whoever the address belongs to. */
export async function signUpAction({ request, context }: SignUpRoute.ActionArgs) {
  const { alerts } = context.get(servicesContext);
  const paused = await alerts.admitSignUp(context.get(clientAddressContext));
  if (paused) return answered(paused);
  const form = await formOf(request);
  if (!form) return notAForm();
  const email = text(form, alertFields.email);
  if (text(form, "intent") === resendIntent) {
    const answer = await alerts.resend({ email });
    return answered(answer, answer.kind === "done" ? { email, resent: true } : {});
  }
  const answer = await alerts.signUp({
    email,
    ...choicesFrom(form),
    honeypot: text(form, honeypotField),
    formToken: text(form, formTokenField),
  });
  return answered(answer, answer.kind === "done" ? { email } : {});
}

/** The confirmation page: the choices and the button; 404 and nothing else for a link that does not work. */
export async function confirmLoader({ request, context }: ConfirmRoute.LoaderArgs) {
  const view = await context.get(servicesContext).alerts.openConfirm(tokenOf(request));
  return view ? { view } : data({ view: null }, 404);
}

/**
 * The confirmation button. Its form says nothing the link does not, but is read all the same (within
 * the pages' body limit) before anything is done, so a post too large for the limit is refused 413
 * however it is sent, rather than drained unread.
 */
export async function confirmAction({ request, context }: ConfirmRoute.ActionArgs) {
  const { alerts } = context.get(servicesContext);
  const paused = await alerts.admitLinkPost(context.get(clientAddressContext));
  if (paused) return answered(paused);
  if (!(await formOf(request))) return notAForm();
  return answered(await alerts.confirm(tokenOf(request)));
}

/**
 * The manage page: the choices as a form, the renewal and the leave buttons; with `?step=leave`, the
 * question whether to leave instead, and the way back to the page.
 */
export async function manageLoader({ request, context }: ManageRoute.LoaderArgs) {
  const token = tokenOf(request);
  const view = await context.get(servicesContext).alerts.openManage(token);
  if (!view) return data({ view: null, askLeave: false, token: "" }, 404);
  const askLeave = new URL(request.url).searchParams.get(leaveStep.name) === leaveStep.value;
  return { view, askLeave, token };
}

/** The manage page's posts, by intent: save new choices, keep the alerts, or leave. */
export async function manageAction({ request, context }: ManageRoute.ActionArgs) {
  const { alerts } = context.get(servicesContext);
  const paused = await alerts.admitLinkPost(context.get(clientAddressContext));
  if (paused) return answered(paused);
  const form = await formOf(request);
  if (!form) return notAForm();
  const token = tokenOf(request);
  switch (text(form, "intent")) {
    case "save":
      return answered(await alerts.update(token, choicesFrom(form)));
    case "renew":
      return answered(await alerts.renew(token));
    case "leave":
      if (text(form, "confirm") !== leaveStep.confirm) {
        // Not confirmed: nothing changes. A link that does not work hears only that, as ever.
        if (!(await alerts.openManage(token))) return answered({ kind: "unknown" });
        return answered({
          kind: "refused",
          status: 400,
          message: `Nothing has changed: choose “${leaveButton}” to confirm.`,
        });
      }
      return answered(await alerts.leave(token, "manage"));
    default:
      return answered({
        kind: "refused",
        status: 400,
        message: "We could not tell what you wanted to do. Please use the buttons on the page.",
      });
  }
}

/** The unsubscribe page: a "Leave" button for a link that is ours, the same "does not work" page otherwise. */
export async function unsubscribeLoader({ request, context }: UnsubscribeRoute.LoaderArgs) {
  const ours = context.get(servicesContext).alerts.isUnsubscribeLink(tokenOf(request));
  return ours ? { ours } : data({ ours }, 404);
}

/** The unsubscribe page's "Leave" button; its form is read first, as the confirmation button's is. */
export async function unsubscribeAction({ request, context }: UnsubscribeRoute.ActionArgs) {
  if (!(await formOf(request))) return notAForm();
  return answered(await context.get(servicesContext).alerts.leave(tokenOf(request), "unsubscribe"));
}

/**
 * RFC 8058 one-click: a mail program POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe address,
 * with no cookie and no page to show. Answered here, before the page's own action, with 200 and a line
 * of text whether or not the link named an alert that still exists (that says nothing of anyone).
 */
export const oneClickMiddleware: UnsubscribeRoute.MiddlewareFunction = async ({ request, context }, next) => {
  if (request.method !== "POST") return next();
  const form = await formOf(request.clone());
  if (!form || text(form, "List-Unsubscribe") !== "One-Click") return next();
  await context.get(servicesContext).alerts.leave(tokenOf(request), "unsubscribe");
  return new Response("You have left our job alerts. We will not e-mail you about vacancies again.\n", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};
