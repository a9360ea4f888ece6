import { site } from "#core/config/site.ts";
import { ButtonLink } from "~/components/ui/button-link";
import { useCompany } from "~/lib/company";

/** What a visitor sees when something breaks while rendering a page. */
export function ErrorScreen({ detail }: { detail: string }) {
  const company = useCompany();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <title>{`Something went wrong | ${site.brand}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="mt-4 text-lg text-navy-700">{detail}</p>
      <p className="mt-4 text-navy-700">
        Please try again in a moment. If it keeps happening, call us on{" "}
        <a className="font-semibold text-accent-700 underline" href={`tel:${company.phone.e164}`}>
          {company.phone.display}
        </a>
        .
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  );
}
