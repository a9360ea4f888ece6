import { site } from "#core/config/site.ts";
import { useIsland } from "~/components/islands";
import { ButtonLink } from "~/components/ui/button-link";

/** The 404 page. Its island logs the path that was asked for, so broken links show up in the console. */
export function NotFound() {
  useIsland("not-found");
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <title>{`Page not found | ${site.brand}`}</title>
      <meta
        name="description"
        content="The page you asked for is not here. Find our services, careers and contact details from the home page."
      />
      <meta name="robots" content="noindex" />
      <p className="text-7xl font-extrabold text-navy-800">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-navy-900">Oops! Page not found</h1>
      <p className="mt-4 text-lg text-navy-700">
        The page you were looking for has moved or never existed. Everything we do is a click away from the
        home page.
      </p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  );
}
