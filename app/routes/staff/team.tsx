import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { formatDateTime } from "~/lib/leads/model";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/team";

export function meta() {
  return [{ title: "Team · Staff workspace" }];
}

async function requireAdmin(request: Request, context: Route.LoaderArgs["context"]) {
  const staff = await requireStaff(request, context);
  if (!staff.me.isAdmin) throw data("Only an administrator can manage the team.", 403);
  return staff;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { workspace, me } = await requireAdmin(request, context);
  return { team: await workspace.listTeam(), myId: me.id };
}

const inviteInput = z.object({
  intent: z.literal("invite"),
  email: z.email({ error: "Enter an e-mail address, like name@example.co.uk." }).max(254),
  name: z.string().trim().min(1, { error: "Enter their full name." }).max(120),
  admin: z.literal("on").optional(),
});
const revokeInput = z.object({ intent: z.literal("revoke"), email: z.email().max(254) });

export async function action({ request, context }: Route.ActionArgs) {
  const { workspace, me } = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "revoke") {
    const parsed = revokeInput.safeParse(form);
    if (!parsed.success) return data({ error: "Choose someone to remove.", invited: null }, 400);
    if (parsed.data.email.toLowerCase() === me.email) {
      return data({ error: "You cannot remove your own access.", invited: null }, 400);
    }
    await workspace.revoke(parsed.data.email, me.id);
    return { error: null, invited: null, revoked: parsed.data.email };
  }
  const parsed = inviteInput.safeParse(form);
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Check the form.", invited: null }, 400);
  }
  const { token } = await workspace.invite({
    email: parsed.data.email,
    name: parsed.data.name,
    admin: parsed.data.admin === "on",
    invitedBy: me.id,
  });
  const url = `${workspace.baseUrl(new URL(request.url).origin)}/staff/invitation/${token}`;
  return { error: null, invited: { email: parsed.data.email.toLowerCase(), url } };
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Team</h1>

      <section
        aria-labelledby="invite-heading"
        className="max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100"
      >
        <h2 id="invite-heading" className="text-lg font-bold">
          Invite someone
        </h2>
        <p className="text-sm text-navy-700">
          They get a link that works once, for 24 hours, to create a passkey. Someone who lost their device is
          invited again the same way.
        </p>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <TextField id="invite-name" name="name" label="Full name" required autoComplete="off" />
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label="E-mail address"
            required
            autoComplete="off"
          />
          <div className="flex items-center gap-2">
            <input id="invite-admin" name="admin" type="checkbox" className="size-5" />
            <label htmlFor="invite-admin">Administrator (can invite and remove people)</label>
          </div>
          <Button type="submit" disabled={busy}>
            Invite
          </Button>
        </Form>
        <div role="status">
          {actionData?.error && <p className="font-medium text-red-700">{actionData.error}</p>}
          {actionData?.invited && (
            <div className="space-y-2 rounded-lg bg-accent-100 p-3">
              <p>
                Send this link to <strong>{actionData.invited.email}</strong> yourself, by a channel you
                trust. It is shown only now.
              </p>
              <p className="break-all font-mono text-sm">{actionData.invited.url}</p>
            </div>
          )}
          {actionData && "revoked" in actionData && actionData.revoked && (
            <p>{actionData.revoked} can no longer sign in.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-bold">
          Members of staff
        </h2>
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100">
          <table className="w-full text-left text-sm">
            <thead className="bg-navy-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="px-3 py-2">
                  Passkeys
                </th>
                <th scope="col" className="px-3 py-2">
                  Last sign-in
                </th>
                <th scope="col" className="px-3 py-2">
                  Access
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.team.map((person) => (
                <tr key={person.id} className="border-t border-navy-100">
                  <td className="px-3 py-2 font-semibold">{person.name}</td>
                  <td className="px-3 py-2">{person.email}</td>
                  <td className="px-3 py-2">{person.isAdmin ? "Administrator" : "Staff"}</td>
                  <td className="px-3 py-2">{person.passkeys}</td>
                  <td className="px-3 py-2">
                    {person.lastSignIn ? formatDateTime(person.lastSignIn) : "Never"}
                  </td>
                  <td className="px-3 py-2">
                    {person.revokedAt ? (
                      `Removed ${formatDateTime(person.revokedAt)}`
                    ) : person.id === loaderData.myId ? (
                      "You"
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="email" value={person.email} />
                        <button
                          type="submit"
                          className="min-h-10 rounded-md px-3 font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
                        >
                          Revoke access<span className="sr-only"> for {person.name}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
