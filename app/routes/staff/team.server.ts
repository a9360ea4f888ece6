import { data, redirect } from "react-router";
import { characterProblem } from "#core/characters.ts";
import { normaliseEmail } from "#core/email.ts";
import { z } from "#core/forms/zod.ts";
import { notificationRoutes } from "#core/staff/notifications.ts";
import { staffForm } from "~/lib/staff/form.server";
import { endSessionCookie, requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/team";

/**
 * Administrators see the whole team, invite and remove people, and remove anyone's passkey; everyone
 * else sees and removes their own passkeys here.
 */
export async function loadTeam({ request, context }: Route.LoaderArgs) {
  const { workspace, me } = await requireStaff(request, context);
  const settings = await workspace.notificationSettings();
  return {
    team: me.isAdmin ? await workspace.listTeam() : null,
    passkeys: await workspace.listPasskeys(me),
    me: { id: me.id, name: me.name },
    routes: notificationRoutes,
    // Which new leads each person receives (everyone's for an administrator, one's own otherwise).
    notifications: Object.fromEntries(
      [...settings.values()]
        .filter((entry) => me.isAdmin || entry.staffId === me.id)
        .map((entry) => [entry.staffId, entry.routes]),
    ) as Record<number, string[]>,
    dailySummary: settings.get(me.id)?.dailySummary ?? false,
  };
}

const inviteInput = z.object({
  intent: z.literal("invite"),
  email: z.email({ error: "Enter an e-mail address, like name@example.co.uk." }).max(254),
  name: z
    .string()
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: "Enter their full name." })
        .max(120)
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, "Their name", "one line");
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
  admin: z.literal("on").optional(),
  vacancies: z.literal("on").optional(),
  editContent: z.literal("on").optional(),
  approveContent: z.literal("on").optional(),
});
const permissionsInput = z.object({
  intent: z.literal("permissions"),
  staff: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  change: z.enum([
    "admin-on",
    "admin-off",
    "vacancies-on",
    "vacancies-off",
    "content-edit-on",
    "content-edit-off",
    "content-approve-on",
    "content-approve-off",
  ]),
});
const revokeInput = z.object({ intent: z.literal("revoke"), email: z.email().max(254) });
const removePasskeyInput = z.object({
  intent: z.literal("remove-passkey"),
  passkey: z.string().min(1).max(1024),
});

const notificationsInput = z.object({
  intent: z.literal("notifications"),
  staff: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  route: z.array(z.string().max(100)).max(50),
});
const summaryInput = z.object({ intent: z.literal("summary"), dailySummary: z.literal("on").optional() });

/** What the page says after a post, each outcome in its own place. */
export type ActionResult = {
  error: string | null;
  /** Where the outcome belongs: the notifications of one person, or one's own summary. */
  saved?: { staffId: number; message: string } | { summary: true; message: string };
  /**
   * Someone invited: someone new with the link to pass on; someone already on the team with no link, as
   * it went by e-mail to their own address only.
   */
  invited: { email: string; existing: false; url: string } | { email: string; existing: true } | null;
  permissions?: string;
  revoked?: string;
  removed?: string;
  /** The domain's mail records as the DNS answered just now (null: nothing to check, no domain). */
  mailRecords?: {
    domain: string;
    findings: { record: string; ok: boolean; says: string; publish?: { name: string; value: string } }[];
  } | null;
};

/**
 * Every form on the page posts here, told apart by its intent: one's own summary and passkeys for
 * anyone; inviting, roles, notifications and removing people for administrators, after a recent
 * confirmation with their passkey.
 */
export async function actOnTeam({ request, context }: Route.ActionArgs) {
  const { workspace, me, bounces } = await requireStaff(request, context);
  const formData = await staffForm(request);
  const form = Object.fromEntries(formData);
  if (form.intent === "summary") {
    const parsed = summaryInput.safeParse(form);
    if (!parsed.success) return data<ActionResult>({ error: "That was not understood.", invited: null }, 400);
    const on = parsed.data.dailySummary === "on";
    await workspace.setDailySummary(me, on);
    return data<ActionResult>({
      error: null,
      invited: null,
      saved: {
        summary: true,
        message: on
          ? "Saved: you will get a summary at 8:00 each morning, Monday to Saturday, when there is something to report."
          : "Saved: no morning summary.",
      },
    });
  }
  if (form.intent === "remove-passkey") {
    const parsed = removePasskeyInput.safeParse(form);
    if (!parsed.success)
      return data<ActionResult>({ error: "Choose a passkey to remove.", invited: null }, 400);
    // An administrator may remove anyone's passkey: like every administrator's action, after a recent
    // confirmation with their own.
    if (me.isAdmin) requireRecentConfirmation(workspace.recentlyConfirmed(me));
    const outcome = await workspace.removePasskey(parsed.data.passkey, me);
    if (!outcome.ok) {
      const status = outcome.forbidden ? 403 : outcome.missing ? 404 : 400;
      return data<ActionResult>({ error: outcome.problem, invited: null }, status);
    }
    const { name, left, endedThisSession } = outcome.value;
    // The passkey that opened this very session: this browser is signed out with it.
    if (endedThisSession) {
      throw redirect("/staff/sign-in", {
        status: 303,
        headers: { "Set-Cookie": await endSessionCookie(request, context) },
      });
    }
    const whose = outcome.value.staffId === me.id ? "Your passkey" : `${name}'s passkey`;
    const none = left === 0 ? ` ${name} has no passkey now: invite them again to add a new one.` : "";
    return data<ActionResult>({
      error: null,
      invited: null,
      removed: `${whose} was removed, and the sessions it opened have ended.${none}`,
    });
  }
  if (!me.isAdmin) throw data("Only an administrator can manage the team.", 403);
  // A look-up in the DNS that changes nothing: no fresh confirmation is asked for it.
  if (form.intent === "mail-records") {
    const checked = await bounces.checkMailRecords();
    return data<ActionResult>({ error: null, invited: null, mailRecords: checked });
  }
  requireRecentConfirmation(workspace.recentlyConfirmed(me));
  if (form.intent === "permissions") {
    const parsed = permissionsInput.safeParse(form);
    if (!parsed.success) return data<ActionResult>({ error: "That was not understood.", invited: null }, 400);
    const { staff, change } = parsed.data;
    if (staff === me.id && change === "admin-off") {
      return data<ActionResult>(
        { error: "You cannot remove your own administrator role. Ask another administrator.", invited: null },
        400,
      );
    }
    const done = await workspace.setPermissions(staff, permissionChanges[change], me);
    if (!done)
      return data<ActionResult>({ error: "That person is no longer on the team.", invited: null }, 404);
    return data<ActionResult>({ error: null, invited: null, permissions: permissionWords[change] });
  }
  if (form.intent === "notifications") {
    const parsed = notificationsInput.safeParse({ ...form, route: formData.getAll("route") });
    if (!parsed.success)
      return data<ActionResult>({ error: "Choose the new leads this person receives.", invited: null }, 400);
    const outcome = await workspace.saveNotifications(parsed.data.staff, parsed.data.route);
    if (!outcome.ok) {
      return data<ActionResult>({ error: outcome.problem, invited: null }, outcome.missing ? 404 : 400);
    }
    return data<ActionResult>({
      error: null,
      invited: null,
      saved: {
        staffId: parsed.data.staff,
        message:
          parsed.data.route.length === 0
            ? "Saved: they receive no new leads by e-mail."
            : `Saved: they receive ${parsed.data.route.length} ${parsed.data.route.length === 1 ? "kind" : "kinds"} of new lead.`,
      },
    });
  }
  if (form.intent === "revoke") {
    const parsed = revokeInput.safeParse(form);
    if (!parsed.success)
      return data<ActionResult>({ error: "Choose someone to remove.", invited: null }, 400);
    if (normaliseEmail(parsed.data.email) === me.email) {
      return data<ActionResult>({ error: "You cannot remove your own access.", invited: null }, 400);
    }
    await workspace.revoke(parsed.data.email, me.id);
    return data<ActionResult>({ error: null, invited: null, revoked: parsed.data.email });
  }
  const parsed = inviteInput.safeParse(form);
  if (!parsed.success) {
    return data<ActionResult>(
      { error: parsed.error.issues[0]?.message ?? "Check the form.", invited: null },
      400,
    );
  }
  // Unticked boxes take nothing away: an administrator invited again (a new device) stays one, and
  // roles are changed in the table below. For someone already on the team, what a ticked box gives
  // applies only once they use the link.
  const origin = new URL(request.url).origin;
  const invited = await workspace.invite(
    {
      email: parsed.data.email,
      name: parsed.data.name,
      ...(parsed.data.admin === "on" ? { admin: true } : {}),
      vacancies: parsed.data.vacancies === "on",
      editContent: parsed.data.editContent === "on",
      approveContent: parsed.data.approveContent === "on",
      invitedBy: me.id,
    },
    origin,
  );
  const email = normaliseEmail(parsed.data.email);
  // The link of someone already on the team is never shown: it went to their own address only.
  if (invited.existing) return data<ActionResult>({ error: null, invited: { email, existing: true } });
  const url = `${workspace.baseUrl(origin)}/staff/invitation/${invited.token}`;
  return data<ActionResult>({ error: null, invited: { email, existing: false, url } });
}

/** What each button on a person's role changes. */
const permissionChanges = {
  "admin-on": { admin: true },
  "admin-off": { admin: false },
  "vacancies-on": { vacancies: true },
  "vacancies-off": { vacancies: false },
  "content-edit-on": { editContent: true },
  "content-edit-off": { editContent: false },
  "content-approve-on": { approveContent: true },
  "content-approve-off": { approveContent: false },
} as const;

const permissionWords = {
  "admin-on": "Saved: they are an administrator now.",
  "admin-off": "Saved: they are no longer an administrator.",
  "vacancies-on": "Saved: they may publish, edit and close vacancies now.",
  "vacancies-off": "Saved: they may no longer publish, edit or close vacancies.",
  "content-edit-on": "Saved: they may edit site content now (Edit site content).",
  "content-edit-off": "Saved: they may no longer edit site content.",
  "content-approve-on": "Saved: they may approve others' site content now (Approve site content).",
  "content-approve-off": "Saved: they may no longer approve site content.",
} as const;

/**
 * Every administrator's action asks for the passkey again when the last confirmation is older than
 * the window exports and reveals use: off to confirm, which comes back to this page. What was posted
 * is not kept; the page says to do it again.
 */
function requireRecentConfirmation(recentlyConfirmed: boolean): void {
  if (!recentlyConfirmed) {
    throw redirect(`/staff/confirm?next=${encodeURIComponent("/staff/team")}`, 303);
  }
}
