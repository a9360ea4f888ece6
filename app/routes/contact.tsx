import { AlertTriangle, Building2, Clock, Mail, Phone } from "lucide-react";
import { useSearchParams } from "react-router";
import { site } from "#core/config/site.ts";
import { linesOf } from "#core/content/contact-page.ts";
import { prefillFrom } from "#core/forms/contact-prefill.ts";
import { contactFormWords } from "#core/forms/form-copy.ts";
import { formStart } from "#core/forms/form-result.ts";
import { ContactForm } from "~/components/forms/contact-form";
import { Island } from "~/components/islands";
import { OfficeMap } from "~/components/office-map";
import { PageHero } from "~/components/sections/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { EmailText } from "~/components/ui/email-text";
import { contact } from "~/content/contact";
import { cn } from "~/lib/cn";
import { useCompany } from "~/lib/company";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";
import { actOnContact, loadContact } from "./contact.server";

/** The title and description staff keep as the page's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? contact.meta);
}

// The page's published words, the tokens and a refused post's answer live in contact.server.ts, which
// stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadContact(args);
}

export function action(args: Route.ActionArgs) {
  return actOnContact(args);
}

function InfoCard({
  icon: Icon,
  heading,
  className,
  children,
}: {
  className?: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex flex-col rounded-2xl border border-navy-100 bg-white p-6 text-navy-900 shadow-sm",
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-navy-50 text-accent-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-xl font-semibold">{heading}</h2>
      </div>
      {/* A column, so an action placed last (Call Now, Send Email) sits at the foot of every card alike. */}
      <div className="mt-4 flex flex-1 flex-col text-navy-800">{children}</div>
    </div>
  );
}

/** Call Now and Send Email open the phone or mail app, so they are plain links styled as the site's buttons. */
const actionClasses = cn(buttonVariants(), "mt-auto self-start");

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany();
  const { page } = loaderData;
  const refused = formStart(loaderData.formResult, actionData, loaderData.formToken);
  // A link can choose the service and package (Get Quote, Select Package); such a visit is rendered
  // by the server (server/static.ts), so the form is drawn with the choice already made.
  const [search] = useSearchParams();
  const start =
    Object.keys(refused.values).length > 0 ? refused : { ...refused, values: prefillFrom(search) };
  return (
    <>
      <PageHero
        hero={page.hero}
        image={contact.hero.image}
        below={
          <div className="grid gap-6 sm:grid-cols-2">
            <InfoCard icon={Phone} heading={page.phone.heading} className="h-full">
              <p>{page.phone.text}</p>
              <p className="mt-2 mb-4 text-lg font-semibold whitespace-nowrap">{company.phone.display}</p>
              <a href={`tel:${company.phone.e164}`} className={actionClasses}>
                <Phone aria-hidden="true" className="size-5" />
                {contact.phone.action}
              </a>
            </InfoCard>
            <InfoCard icon={Mail} heading={page.email.heading} className="h-full">
              <p>{page.email.text}</p>
              <p className="mt-2 mb-4 text-lg font-semibold">
                <EmailText email={company.email} />
              </p>
              <a href={`mailto:${company.email}`} className={actionClasses}>
                <Mail aria-hidden="true" className="size-5" />
                {contact.email.action}
              </a>
            </InfoCard>
          </div>
        }
      />

      <div className="bg-sand-50 py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-3 lg:px-8">
          <section id={contact.form.id} aria-label="Send us a message" className="lg:col-span-2">
            <Island
              name="contact-form"
              component={ContactForm}
              props={{ start, anchor: contact.form.id, words: contactFormWords(site.claims.replyWithin) }}
            />
          </section>
          <div className="space-y-6">
            <InfoCard icon={Building2} heading={page.office.heading}>
              <address className="not-italic">
                <span className="block font-semibold">{site.legalName}</span>
                <span className="block">{company.address.street}</span>
                <span className="block">
                  {company.address.locality} {company.address.postcode}
                </span>
                <span className="block">{site.address.country}</span>
              </address>
            </InfoCard>
            <InfoCard icon={Clock} heading={page.hours.heading}>
              <dl className="space-y-3">
                {company.hours.map((line) => (
                  <div key={line.days} className="flex flex-wrap justify-between gap-x-4">
                    <dt className="font-semibold">{line.days}</dt>
                    <dd>{line.time}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-5 flex gap-3 rounded-xl bg-sand-100 p-4">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-800" />
                <p>
                  <strong className="block">{page.hours.emergencyHeading}</strong>
                  {company.emergency} Call{" "}
                  <a
                    href={`tel:${company.phone.e164}`}
                    className="font-semibold whitespace-nowrap text-accent-700 underline"
                  >
                    {company.phone.display}
                  </a>{" "}
                  at any time.
                </p>
              </div>
            </InfoCard>
          </div>
        </div>
      </div>

      <section
        id={contact.findUs.id}
        aria-labelledby={`${contact.findUs.id}-heading`}
        className="bg-white py-16 sm:py-20"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <div className="lg:col-span-2">
            <h2 id={`${contact.findUs.id}-heading`} className="text-3xl font-bold tracking-tight sm:text-4xl">
              {contact.findUs.heading}
            </h2>
            <p className="mt-4 text-lg text-navy-700">{page.findUs.intro}</p>
            <h3 className="mt-8 text-xl font-semibold">{page.findUs.gettingHereHeading}</h3>
            <ul className="mt-4 space-y-3 text-navy-800">
              {linesOf(page.findUs.gettingHere).map((line) => (
                <li key={line} className="border-l-4 border-accent-600 pl-4">
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <div className="lg:col-span-3">
            <OfficeMap
              showLabel={contact.findUs.showMap}
              note={contact.findUs.mapNote}
              openLabel={contact.findUs.openMap}
            />
          </div>
        </div>
      </section>
    </>
  );
}
