import { Form, Link } from "react-router";
import { type PoolQuery, poolPlaceMaxLength, poolQueryString } from "#core/leads/pool-query.ts";
import { leadPath } from "#core/staff/paths.ts";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/pool";
import { loadPool } from "./pool.server";

export function meta() {
  return staffMeta("Talent pool");
}

// The search's rules and the pool's query live in pool.server.ts, kept out of the browser's bundle.
export async function loader(args: Route.LoaderArgs) {
  return loadPool(args);
}

/**
 * The talent pool: applicants who agreed to be kept on file for future roles, while that agreement
 * holds, searched by service, place and when they applied. A plain GET form, so a search is a link and
 * works without JavaScript.
 */
export default function TalentPool({ loaderData }: Route.ComponentProps) {
  const { problem, query, services, askDaysBefore, pool } = loaderData;
  const searched = Boolean(query.service || query.place || query.from || query.to);
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">Talent pool</h1>
        <p className="max-w-3xl text-navy-800">
          Applicants who agreed to be kept on file for future roles. Each stays in the pool until their
          agreement runs out; {askDaysBefore} days before, they are asked by e-mail whether to stay.
        </p>
      </div>

      <Form
        key={poolQueryString({ ...query, page: undefined })}
        method="get"
        action="/staff/pool"
        role="search"
        aria-label="Search the talent pool"
        className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-navy-100 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pool-service" className="text-sm font-semibold">
            Service
          </label>
          <select
            id="pool-service"
            name="service"
            defaultValue={query.service ?? ""}
            className={controlClass}
          >
            <option value="">Any service</option>
            {services.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pool-place" className="text-sm font-semibold">
            Place
          </label>
          <input
            id="pool-place"
            name="place"
            type="search"
            defaultValue={query.place ?? ""}
            maxLength={poolPlaceMaxLength}
            aria-describedby="pool-place-help"
            className={controlClass}
          />
          <p id="pool-place-help" className="text-sm text-navy-700">
            A town, area or postcode, in their address or where the job was.
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pool-from" className="text-sm font-semibold">
            Applied from
          </label>
          <input
            id="pool-from"
            name="from"
            type="date"
            defaultValue={query.from ?? ""}
            className={controlClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pool-to" className="text-sm font-semibold">
            Applied to
          </label>
          <input id="pool-to" name="to" type="date" defaultValue={query.to ?? ""} className={controlClass} />
        </div>
        <div className="flex items-end gap-2 lg:pb-7">
          <Button type="submit" size="sm">
            Search
          </Button>
          <Link to="/staff/pool" className="min-h-10 rounded-md px-2 py-2 text-sm font-semibold underline">
            Clear
          </Link>
        </div>
      </Form>

      {problem ? (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{problem}</p>
          <p>
            <Link to="/staff/pool" className="font-semibold underline">
              Show the whole pool
            </Link>
          </p>
        </div>
      ) : (
        pool && <Results query={query} pool={pool} searched={searched} />
      )}
    </div>
  );
}

type Loaded = NonNullable<Route.ComponentProps["loaderData"]["pool"]>;

/** A cell: a table cell from 1024 px, one part of a list entry below it. */
const cellClass = "px-3 py-2 max-lg:px-1 max-lg:py-0.5";

function Results({ query, pool, searched }: { query: PoolQuery; pool: Loaded; searched: boolean }) {
  const first = (pool.page - 1) * pool.pageSize + 1;
  const last = first + pool.members.length - 1;
  const pages = Math.ceil(pool.total / pool.pageSize);
  const pageLink = (page: number) => {
    const search = poolQueryString({ ...query, page });
    return search ? `/staff/pool?${search}` : "/staff/pool";
  };
  return (
    <section aria-labelledby="pool-results" className="space-y-3">
      <h2 id="pool-results" className="text-sm font-semibold text-navy-700" aria-live="polite">
        {pool.total === 0
          ? searched
            ? "Nobody in the talent pool matches this search. Try a wider place or fewer dates."
            : "The talent pool is empty. Applicants join it when they agree to be kept on file for future roles."
          : pool.members.length === 0
            ? `There are ${pool.total} in the pool; this page is past the last one.`
            : `Showing ${first} to ${last} of ${pool.total} ${pool.total === 1 ? "person" : "people"} in the pool, newest application first`}
      </h2>
      {pool.members.length > 0 && (
        <div className="rounded-xl bg-white ring-1 ring-navy-100 lg:overflow-x-auto">
          {/* Below 1024 px each row reads as one entry of a list, with no sideways scroll; wider, a table. */}
          <table className="w-full text-left text-sm lg:min-w-[56rem]">
            <thead className="bg-navy-50 max-lg:sr-only">
              <tr>
                {["Name", "Reference", "Applied", "Vacancy", "Place", "In the pool until"].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pool.members.map((member) => (
                <tr
                  key={member.reference}
                  className="border-t border-navy-100 max-lg:flex max-lg:flex-wrap max-lg:gap-x-3 max-lg:px-2 max-lg:py-2"
                >
                  <th scope="row" className="px-3 py-2 text-left max-lg:w-full max-lg:px-1 max-lg:py-0.5">
                    <Link
                      to={leadPath(member.reference)}
                      className="font-semibold break-words text-accent-800 underline underline-offset-2"
                    >
                      {member.name}
                    </Link>
                  </th>
                  <td className={`${cellClass} font-mono`}>{member.reference}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <span className="lg:hidden">Applied </span>
                    <time dateTime={member.applied.iso}>{member.applied.text}</time>
                  </td>
                  <td className={`${cellClass} max-lg:w-full`}>
                    {member.vacancy ? (
                      <>
                        {member.vacancy.title}{" "}
                        <span className="text-navy-700">({member.vacancy.reference})</span>
                        <span className="block text-xs text-navy-700">
                          {member.vacancy.service}, {member.vacancy.where}
                        </span>
                      </>
                    ) : (
                      "General application"
                    )}
                  </td>
                  <td className={`${cellClass} break-words max-lg:w-full`}>{member.place}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <span className="lg:hidden">In the pool until </span>
                    {member.until}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pages of the talent pool" className="flex flex-wrap gap-3 text-sm">
          {pool.page > 1 && (
            <Link to={pageLink(pool.page - 1)} className="font-semibold text-accent-800 underline">
              Previous page
            </Link>
          )}
          <span>
            Page {pool.page} of {pages}
          </span>
          {pool.page < pages && (
            <Link to={pageLink(pool.page + 1)} className="font-semibold text-accent-800 underline">
              Next page
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
