import { Link } from "react-router";
import { quoteErasurePath } from "#core/content/case-study.ts";
import { picturesPath } from "#core/pictures/model.ts";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/content";
import { loadContentList } from "./content.server";

export function meta() {
  return staffMeta("Site content");
}

// The list's reading lives in content.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadContentList(args);
}

export default function SiteContent({ loaderData }: Route.ComponentProps) {
  const { kinds, rights, company } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Site content</h1>
        <p className="text-navy-800">
          What the public pages claim and say, kept here. Each change is a new version: a claim buyers rely on
          goes live only when a second person with Approve site content approves it, a page's words when you
          publish them, and every version is kept. Any change can be scheduled for a set UK time.
        </p>
        <p className="text-navy-800">
          You may {rights.edit ? "edit" : "not edit"} site content and{" "}
          {rights.approve ? "approve" : "not approve"} others' versions.
        </p>
        {rights.edit && (
          <p>
            <Link to={picturesPath} className="font-semibold text-accent-800 underline">
              Pictures
            </Link>
            : the photos pages show, with their alt text and focal point.
          </p>
        )}
      </div>
      {company && (
        <section aria-labelledby="kind-company" className="space-y-3">
          <h2 id="kind-company" className="text-xl font-bold">
            Company details
          </h2>
          <div className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
            <p>
              <Link to={company.path} className="font-semibold text-accent-800 underline">
                Phone, e-mail, office, hours, registration and insurance
              </Link>
            </p>
            <p className="text-navy-800">
              {company.published === null ? "Not published" : `Version ${company.published} published`}
              {company.latest &&
                company.latest.version !== company.published &&
                ` · version ${company.latest.version}: ${company.latest.state}`}
            </p>
          </div>
        </section>
      )}
      {kinds.map((group) => (
        <section key={group.kind} aria-labelledby={`kind-${group.kind}`} className="space-y-3">
          <h2 id={`kind-${group.kind}`} className="text-xl font-bold">
            {group.heading}
          </h2>
          {group.newPath && rights.edit && (
            <p className="flex flex-wrap gap-x-6">
              <Link to={group.newPath} className="font-semibold text-accent-800 underline">
                New case study
              </Link>
              <Link to={quoteErasurePath} className="font-semibold text-accent-800 underline">
                Erase a person's words
              </Link>
            </p>
          )}
          <ul className="grid gap-3">
            {group.items.map((item) => (
              <li key={item.key} className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
                <p>
                  <Link to={item.path} className="font-semibold break-words text-accent-800 underline">
                    {item.name}
                  </Link>
                </p>
                <p className="text-navy-800">
                  {item.published === null ? "Not published" : `Version ${item.published} published`}
                  {item.lastDay && ` · last day ${item.lastDay}`}
                </p>
                {item.latest && item.latest.version !== item.published && (
                  <p className="font-medium text-navy-900">
                    Version {item.latest.version}: {item.latest.state}, by {item.latest.by},{" "}
                    <time dateTime={item.latest.at.iso}>{item.latest.at.text}</time>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
