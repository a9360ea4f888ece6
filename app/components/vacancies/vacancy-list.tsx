import { Link } from "react-router";
import {
  employmentTypeLabel,
  formatClosingDate,
  formatPay,
  formatPostedDate,
  type Vacancy,
  vacancyPath,
  vacancyServiceName,
} from "#core/vacancies/model.ts";

/** The facts a job seeker compares, as a definition list: service, place, pay, kind of work, closing date. */
export function VacancyFacts({ vacancy, withHours = false }: { vacancy: Vacancy; withHours?: boolean }) {
  const facts: [string, string][] = [
    ["Service", vacancyServiceName(vacancy.service)],
    ["Place", `${vacancy.location}, ${vacancy.postcode}`],
    ["Pay", formatPay(vacancy)],
    ["Kind of work", employmentTypeLabel(vacancy.employmentType)],
    ...(withHours ? ([["Hours", vacancy.hours]] as [string, string][]) : []),
    // The vacancy's own page shows every date its JobPosting states: posted, and closing.
    ...(withHours
      ? ([["Posted", formatPostedDate(vacancy.publishedAt ?? vacancy.createdAt)]] as [string, string][])
      : []),
    ["Closing date", formatClosingDate(vacancy.closesOn)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-navy-800 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-sm font-semibold text-navy-700">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Open vacancies as a list of cards, each titled with a link to its page. */
export function VacancyList({ vacancies, headingLevel = 3 }: { vacancies: Vacancy[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-5 lg:grid-cols-2">
      {vacancies.map((vacancy) => (
        <li
          key={vacancy.reference}
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-6"
        >
          <Heading className="text-xl font-bold text-navy-900">
            <Link
              to={vacancyPath(vacancy.slug)}
              className="break-words text-accent-800 underline underline-offset-4 hover:text-navy-900"
            >
              {vacancy.title}
            </Link>
          </Heading>
          <div className="mt-4">
            <VacancyFacts vacancy={vacancy} />
          </div>
        </li>
      ))}
    </ul>
  );
}
