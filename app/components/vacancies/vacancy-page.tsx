import { Link } from "react-router";
import { site } from "#core/config/site.ts";
import { careersFormWords } from "#core/forms/form-copy.ts";
import type { FormStart } from "#core/forms/form-result.ts";
import { serialiseJsonLd } from "#core/seo.ts";
import {
  applyAnchor,
  descriptionBlocks,
  employmentTypeLabel,
  formatPay,
  type Vacancy,
  vacanciesPath,
  vacancyServiceName,
} from "#core/vacancies/model.ts";
import { CareersForm } from "~/components/forms/careers-form";
import { Island } from "~/components/islands";
import { PageHero } from "~/components/sections/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { useCompany } from "~/lib/company";
import { jobPostingJsonLd } from "~/lib/vacancies/job-posting";
import { VacancyFacts, VacancyList } from "./vacancy-list";

/** A vacancy's description: its paragraphs and "- " lists, every word as text, never as HTML. */
export function VacancyDescription({ description }: { description: string }) {
  return (
    <div className="space-y-4 text-lg text-navy-800">
      {descriptionBlocks(description).map((block, index) =>
        block.kind === "paragraph" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their order
          <p key={index} className="break-words">
            {block.text}
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their order
          <ul key={index} className="list-disc space-y-1 pl-6">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line of the list may repeat
              <li key={itemIndex} className="break-words">
                {item}
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** An open vacancy's page: what the job is, then the application form that names it. */
export function VacancyPage({ vacancy, start }: { vacancy: Vacancy; start: FormStart }) {
  const company = useCompany();
  return (
    <>
      <PageHero
        hero={{
          badge: vacancyServiceName(vacancy.service),
          title: vacancy.title,
          intro: `${vacancy.location}. ${formatPay(vacancy)}, ${employmentTypeLabel(vacancy.employmentType).toLowerCase()}.`,
        }}
        gradient="from-navy-900 to-accent-800"
        actions={
          // A plain link to the form below: it works the same with or without JavaScript.
          <a href={`#${applyAnchor}`} className={buttonVariants({ variant: "inverse" })}>
            Apply for this job
          </a>
        }
      />
      <section aria-labelledby="about-the-job" className="bg-white py-14 sm:py-16">
        <div className="mx-auto max-w-3xl space-y-8 px-4 sm:px-6 lg:px-8">
          <h2 id="about-the-job" className="text-3xl font-bold tracking-tight text-navy-900">
            About the job
          </h2>
          <VacancyFacts vacancy={vacancy} withHours />
          <VacancyDescription description={vacancy.description} />
          <p className="text-navy-700">
            Reference {vacancy.reference}.{" "}
            <Link to={vacanciesPath} className="font-semibold text-accent-800 underline underline-offset-4">
              See all vacancies
            </Link>
          </p>
        </div>
      </section>
      <section id={applyAnchor} aria-label="Apply for this job" className="bg-sand-50 py-14 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <Island
            name="careers-form"
            component={CareersForm}
            props={{
              start,
              anchor: applyAnchor,
              vacancy: { reference: vacancy.reference, title: vacancy.title },
              words: careersFormWords(site.limits.maxUploadMb, site.claims.replyWithin),
            }}
          />
        </div>
      </section>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD data, with < escaped by serialiseJsonLd
        dangerouslySetInnerHTML={{
          __html: serialiseJsonLd(jobPostingJsonLd(vacancy, company.areasServed.region)),
        }}
      />
    </>
  );
}

/** A closed vacancy's page (410): it says so, and offers the open jobs of the same service. */
export function VacancyGone({ vacancy, others }: { vacancy: Vacancy; others: Vacancy[] }) {
  const service = vacancyServiceName(vacancy.service);
  return (
    <>
      <PageHero
        hero={{
          badge: service,
          title: "This vacancy has closed",
          intro: `${vacancy.title} in ${vacancy.location} is no longer taking applications. Thank you for your interest.`,
        }}
      />
      <section aria-labelledby="open-jobs" className="bg-white py-14 sm:py-16">
        <div className="mx-auto max-w-7xl space-y-6 px-4 sm:px-6 lg:px-8">
          <h2 id="open-jobs" className="text-3xl font-bold tracking-tight text-navy-900">
            Open {service} jobs
          </h2>
          {others.length > 0 ? (
            <VacancyList vacancies={others} />
          ) : (
            <p className="text-lg text-navy-800">
              We have no other {service.toLowerCase()} jobs open just now. New ones are added every week.
            </p>
          )}
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to={vacanciesPath} className="font-semibold text-accent-800 underline underline-offset-4">
              See all vacancies
            </Link>
            <Link
              to="/careers#application-form"
              className="font-semibold text-accent-800 underline underline-offset-4"
            >
              Send us a general application
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
