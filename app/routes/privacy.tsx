import { shippedPrivacyPage } from "#core/content/privacy-page.ts";
import { controllerOf, formProcessing, privacyIntro, privacySectionsOf } from "~/content/privacy";
import { publishedContent } from "~/lib/claims.server";
import { useCompany } from "~/lib/company";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

/** The title and description staff keep as the notice's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? shippedPrivacyPage.meta);
}

/** The notice's published words, read from memory (site content; approved by a second person). */
export function loader({ context }: Route.LoaderArgs) {
  return { page: publishedContent(context).privacyPage };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const company = useCompany();
  const controller = controllerOf(company);
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">{page.heading}</h1>
      <p className="mt-3 text-sm text-navy-700">Last updated {page.updated}</p>
      {privacyIntro.map((text) => (
        <p key={text} className="mt-6 text-lg text-navy-800">
          {text}
        </p>
      ))}

      <section aria-labelledby="controller" className="mt-12">
        <h2 id="controller" className="text-2xl font-bold">
          {page.controller.heading}
        </h2>
        <p className="mt-4 text-navy-800">
          {controller.name} is the controller of the personal information you give us through this website.
        </p>
        <address className="mt-4 not-italic text-navy-800">
          {controller.name}
          <br />
          {controller.address}
          <br />
          E-mail:{" "}
          <a className="font-semibold text-accent-700 underline" href={`mailto:${controller.email}`}>
            {controller.email}
          </a>
          <br />
          Phone: {controller.phone}
        </address>
      </section>

      <section aria-labelledby="what-we-collect" className="mt-12">
        <h2 id="what-we-collect" className="text-2xl font-bold">
          {page.collection.heading}
        </h2>
        {formProcessing.map((item) => (
          <div key={item.form} className="mt-8">
            <h3 className="text-xl font-semibold">{item.form}</h3>
            <p className="mt-3 text-navy-800">We collect:</p>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-navy-800">
              {item.collects.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
            <dl className="mt-4 space-y-3 text-navy-800">
              <div>
                <dt className="font-semibold">Why</dt>
                <dd>{item.purpose}</dd>
              </div>
              <div>
                <dt className="font-semibold">Lawful basis</dt>
                <dd>{item.lawfulBasis}</dd>
              </div>
              <div>
                <dt className="font-semibold">How long we keep it</dt>
                <dd>{item.retention}</dd>
              </div>
            </dl>
          </div>
        ))}
      </section>

      {privacySectionsOf(company, page).map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-12">
          <h2 id={section.id} className="text-2xl font-bold">
            {section.heading}
          </h2>
          {section.blocks.map((block, index) => {
            // A section's blocks are drawn whole each time, in their order: the place is their key.
            const key = `${section.id}-${index}`;
            if ("list" in block) {
              return (
                <ul key={key} className="mt-3 list-disc space-y-1 pl-6 text-navy-800">
                  {block.list.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              );
            }
            if ("link" in block) {
              return (
                <p key={key} className="mt-4">
                  <a className="font-semibold text-accent-700 underline" href={block.link.href}>
                    {block.link.label}
                  </a>
                </p>
              );
            }
            return (
              <p key={key} className="mt-4 text-navy-800">
                {block.paragraph}
              </p>
            );
          })}
        </section>
      ))}
    </article>
  );
}
