import { Link } from "react-router";
import { site } from "#core/config/site.ts";
import { shippedCareersPage } from "#core/content/careers-page.ts";
import { careersFormWords } from "#core/forms/form-copy.ts";
import { formStart } from "#core/forms/form-result.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { CareersForm } from "~/components/forms/careers-form";
import { Island } from "~/components/islands";
import { SectionLink } from "~/components/sections/actions";
import { PageHero } from "~/components/sections/page-hero";
import { valueItemsOf } from "~/components/sections/page-icons";
import { Section } from "~/components/sections/section";
import { ValueGrid } from "~/components/sections/value-grid";
import { ServerMarkup } from "~/components/ui/server-markup";
import { VacancyList } from "~/components/vacancies/vacancy-list";
import { VacancyPage } from "~/components/vacancies/vacancy-page";
import { careers } from "~/content/careers";
import { pageMeta } from "~/lib/meta";
import { vacancyMeta } from "~/lib/vacancies/meta";
import type { Route } from "./+types/careers";
import { actOnCareers, loadCareers } from "./careers.server";

export function meta({ loaderData }: Route.MetaArgs) {
  // A refused application from a vacancy's page comes back as that page, titled as it is.
  if (loaderData?.refusedVacancy) return vacancyMeta(loaderData.refusedVacancy);
  return pageMeta(loaderData?.page.meta ?? shippedCareersPage.meta);
}

// The vacancies, the tokens and a refused post's answer live in careers.server.ts, which stays out of
// the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadCareers(args);
}

/** The page carries a fresh form token: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-cache" };
}

export function action(args: Route.ActionArgs) {
  return actOnCareers(args);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const start = formStart(loaderData.formResult, actionData, loaderData.formToken);
  // An application sent from a vacancy's page comes back as that vacancy's page (the loader found it).
  if (actionData && loaderData.refusedVacancy)
    return <VacancyPage vacancy={loaderData.refusedVacancy} start={start} />;
  return (
    <>
      <PageHero
        hero={loaderData.page.hero}
        image={careers.hero.image}
        gradient="from-navy-900 to-accent-800"
        actions={
          <>
            <SectionLink to={careers.application.id} variant="inverse">
              Apply Now
            </SectionLink>
            <SectionLink to={careers.whyJoin.id} variant="outlineInverse">
              Learn More
            </SectionLink>
          </>
        }
      />
      <Section
        id={careers.whyJoin.id}
        heading={loaderData.page.sections.whyJoin.heading}
        intro={loaderData.page.sections.whyJoin.intro}
      >
        <ValueGrid items={valueItemsOf(loaderData.page.benefits)} columns={4} />
      </Section>
      <Section
        id={careers.values.id}
        heading={loaderData.page.sections.values.heading}
        intro={loaderData.page.sections.values.intro}
        tone="sand"
      >
        <ValueGrid items={valueItemsOf(loaderData.page.values)} />
      </Section>
      <Section
        id="current-vacancies"
        heading="Current vacancies"
        intro="The newest jobs we are filling for our clients."
      >
        {loaderData.vacancies.length > 0 ? (
          <div className="space-y-8">
            <VacancyList vacancies={loaderData.vacancies} />
            <p className="text-center">
              <Link
                to={vacanciesPath}
                className="text-lg font-semibold text-accent-800 underline underline-offset-4"
              >
                See all vacancies
              </Link>
            </p>
          </div>
        ) : (
          <p className="mx-auto max-w-3xl text-center text-lg text-navy-800">
            We have no vacancies listed just now. The general application below is the way in: we place people
            in new roles every week and will get in touch when one suits you.
          </p>
        )}
        <div className="mx-auto mt-10 max-w-3xl">
          <ServerMarkup html={loaderData.alertSignUp} />
        </div>
      </Section>
      <section id={careers.application.id} aria-label="Job application" className="bg-white py-16 sm:py-20">
        {/* The same frame as the alert sign-up's above, so the two cards share a width and a left edge. */}
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl">
            <Island
              name="careers-form"
              component={CareersForm}
              props={{
                start,
                anchor: careers.application.id,
                words: careersFormWords(site.limits.maxUploadMb, site.claims.replyWithin),
              }}
            />
          </div>
        </div>
      </section>
    </>
  );
}
