import { formatDate } from "#core/leads/model.ts";
import { statusAt } from "#core/vacancies/model.ts";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/vacancies";

/** Every vacancy, Draft, Open and Closed, newest first, with how many have applied for each. */
export async function loadStaffVacancies({ request, context }: Route.LoaderArgs) {
  const { vacancies, alerts, me } = await requireStaff(request, context);
  const list = await vacancies.list();
  const followers = await alerts.followers();
  const now = Date.now();
  return {
    vacancies: list.map((vacancy) => ({
      ...vacancy,
      status: statusAt(vacancy, now),
      published: vacancy.publishedAt === null ? null : formatDate(vacancy.publishedAt),
    })),
    followers,
    mayManage: await vacancies.mayManage(me.id),
  };
}
