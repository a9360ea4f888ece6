import { data, Link } from "react-router";
import { formStart, refusedFor } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { alertSignUpHtml } from "~/components/alerts/alert-sign-up.server";
import { CareersForm } from "~/components/forms/careers-form";
import { SectionLink } from "~/components/sections/actions";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ValueGrid } from "~/components/sections/value-grid";
import { ServerMarkup } from "~/components/ui/server-markup";
import { VacancyList } from "~/components/vacancies/vacancy-list";
import { VacancyPage } from "~/components/vacancies/vacancy-page";
import { careers } from "~/content/careers";
import { formResultSecretContext, refusedFormContext, servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import { readFormResult } from "~/lib/form-result.server";
import { pageMeta } from "~/lib/meta";
import { vacancyMeta } from "~/lib/vacancies/meta";
import type { Route } from "./+types/careers";

/** How many of the newest vacancies the careers page shows. */
const newestVacancies = 3;

export function meta({ loaderData }: Route.MetaArgs) {
  // A refused application from a vacancy's page comes back as that page, titled as it is.
  return loaderData?.refusedVacancy ? vacancyMeta(loaderData.refusedVacancy) : pageMeta(careers.meta);
}

/**
 * The newest open vacancies, read on each request, and the banner to show after a form post without
 * JavaScript (null on a normal visit). After a refused post from a vacancy's page (read here too, as
 * loaders run after the action), that vacancy: the page comes back as the vacancy's, and is titled so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secret = context.get(formResultSecretContext);
  const { vacancies } = context.get(servicesContext);
  const named = refusedFor("careers", context.get(refusedFormContext))?.values.vacancy;
  const found = named ? await vacancies.forApplication(named) : null;
  return {
    formResult: readFormResult(request, "careers", secret),
    formToken: issueFormToken("careers", secret),
    alertSignUp: alertSignUpHtml(issueFormToken("careers", secret)),
    vacancies: await vacancies.listOpen({ limit: newestVacancies }, requestNow(request, context)),
    refusedVacancy: found?.vacancy ?? null,
  };
}

/** The page carries a fresh form token: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-cache" };
}

/**
 * A post of the form made without JavaScript that the lead handlers refused, handed on to this page so
 * it comes back with every typed value and each problem by its field (docs/decisions/009). Nothing else
 * posts here.
 */
export function action({ context }: Route.ActionArgs) {
  const refused = refusedFor("careers", context.get(refusedFormContext));
  if (!refused) throw data("This page does not accept posts.", { status: 405 });
  return data(refused, { status: refused.status });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const start = formStart(loaderData.formResult, actionData, loaderData.formToken);
  // An application sent from a vacancy's page comes back as that vacancy's page (the loader found it).
  if (actionData && loaderData.refusedVacancy)
    return <VacancyPage vacancy={loaderData.refusedVacancy} start={start} />;
  return (
    <>
      <PageHero
        hero={careers.hero}
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
      <Section id={careers.whyJoin.id} heading={careers.whyJoin.heading} intro={careers.whyJoin.intro}>
        <ValueGrid items={careers.whyJoin.items} columns={4} />
      </Section>
      <Section
        id={careers.values.id}
        heading={careers.values.heading}
        intro={careers.values.intro}
        tone="sand"
      >
        <ValueGrid items={careers.values.items} />
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
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <CareersForm start={start} anchor={careers.application.id} />
        </div>
      </section>
    </>
  );
}
