import { Link } from "react-router";
import { alertServices, alertTypes } from "#core/alerts/model.ts";
import {
  employmentTypeLabel,
  formatClosingDate,
  vacancyServiceName,
  vacancyStatusLabels,
} from "#core/vacancies/model.ts";
import { buttonVariants } from "~/components/ui/button";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/vacancies";
import { loadStaffVacancies } from "./vacancies.server";

export function meta() {
  return staffMeta("Vacancies");
}

// The list's reading lives in vacancies.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadStaffVacancies(args);
}

const statusClass = {
  draft: "bg-sand-100 text-navy-900 ring-navy-200",
  open: "bg-accent-100 text-accent-800 ring-accent-300",
  closed: "bg-navy-100 text-navy-800 ring-navy-300",
} as const;

export default function StaffVacancies({ loaderData }: Route.ComponentProps) {
  const { vacancies, followers, mayManage } = loaderData;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Vacancies</h1>
        {mayManage && (
          <Link to="/staff/vacancies/new" className={buttonVariants({ size: "sm" })}>
            New vacancy
          </Link>
        )}
      </div>
      {!mayManage && (
        <p className="max-w-3xl rounded-lg bg-white p-4 ring-1 ring-navy-100">
          You can see the vacancies and their applicants. Publishing, editing and closing them is for those an
          administrator has allowed: ask an administrator to allow you on the Team page.
        </p>
      )}
      <p className="max-w-3xl text-navy-800">
        An open vacancy is listed on the careers pages and in the sitemap Google reads, until you close it or
        its closing date ends. Applications made from its page name it in the leads.
      </p>
      {vacancies.length === 0 ? (
        <p className="rounded-lg bg-white p-4 ring-1 ring-navy-100">
          {mayManage ? "No vacancies yet. Choose New vacancy to write the first one." : "No vacancies yet."}
        </p>
      ) : (
        <section
          aria-label="Vacancies"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="overflow-x-auto rounded-lg bg-white ring-1 ring-navy-100"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Vacancies, newest first</caption>
            <thead className="bg-navy-50 text-navy-900">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Job
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Applicants
                </th>
                <th scope="col" className="px-3 py-2">
                  Service and kind
                </th>
                <th scope="col" className="px-3 py-2">
                  Closes
                </th>
              </tr>
            </thead>
            <tbody>
              {vacancies.map((vacancy) => (
                <tr key={vacancy.reference} className="border-t border-navy-100 align-top">
                  <td className="px-3 py-2">
                    <Link
                      to={`/staff/vacancies/${vacancy.reference}`}
                      className="font-semibold break-words text-accent-800 underline"
                    >
                      {vacancy.title}
                    </Link>
                    <div className="text-navy-700">
                      {vacancy.reference}
                      {vacancy.published && ` · published ${vacancy.published}`}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${statusClass[vacancy.status]}`}
                    >
                      {vacancyStatusLabels[vacancy.status]}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {vacancy.applicants > 0 ? (
                      <Link
                        to={`/staff?vacancy=${vacancy.reference}`}
                        className="font-semibold text-accent-800 underline"
                      >
                        {vacancy.applicants}
                        <span className="sr-only">
                          {vacancy.applicants === 1 ? " application" : " applications"} for {vacancy.title}
                        </span>
                      </Link>
                    ) : (
                      "0"
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {vacancyServiceName(vacancy.service)}, {employmentTypeLabel(vacancy.employmentType)}
                  </td>
                  <td className="px-3 py-2">{formatClosingDate(vacancy.closesOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="followers-heading" className="space-y-2">
        <h2 id="followers-heading" className="text-lg font-bold">
          Job alert followers
        </h2>
        <p className="text-sm text-navy-700">
          {followers.total} {followers.total === 1 ? "person has" : "people have"} confirmed job alerts. An
          alert for any kind of work or any type counts under each.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {[
            { caption: "By kind of work", rows: alertServices, counts: followers.services },
            { caption: "By employment type", rows: alertTypes, counts: followers.types },
          ].map((table) => (
            <table key={table.caption} className="w-full text-left text-sm">
              <caption className="text-left font-semibold">{table.caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Follows
                  </th>
                  <th scope="col" className="px-3 py-2">
                    People
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.value} className="border-t border-navy-100">
                    <th scope="row" className="px-3 py-2 font-normal">
                      {row.label}
                    </th>
                    <td className="px-3 py-2">{table.counts[row.value] ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </section>
    </div>
  );
}
