import { Form, Link } from "react-router";
import { applicantIntents } from "#core/applicant-page.ts";
import { manyProblemsWith } from "#core/forms/form-copy.ts";
import type { FormResult } from "#core/forms/form-result.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { FormBanner } from "~/components/forms/form-banner";
import { PageHero } from "~/components/sections/page-hero";
import { Button } from "~/components/ui/button";
import { useCompany } from "~/lib/company";
import { Panel, Prose } from "./panel";

const linkClass = "font-semibold text-accent-800 underline underline-offset-4";

/**
 * What any link that does not work shows (wrong, altered, expired, or for an application that has
 * gone): the same words for each, nothing about any application, and a way to a fresh link, which goes
 * only to the address on file, so asking tells nobody anything.
 */
export function LinkNotWorking({ result }: { result: FormResult | null }) {
  const company = useCompany();
  return (
    <>
      <PageHero
        narrow
        hero={{
          badge: "Your application",
          title: "This link does not work",
          intro:
            "It may have expired, or it may not have been copied in full. To keep applications private, we show nothing unless the link is complete and current.",
        }}
      />
      <Panel id="new-link" heading="Get a new link">
        <FormBanner result={result} fieldId={() => "new-link"} manyProblems={manyProblemsWith("the form")} />
        <Prose>
          If you opened this from one of our e-mails, we can send a new link to the e-mail address you applied
          with. Nothing is sent anywhere else.
        </Prose>
        {/* No action: it posts to this very address, with the link that was opened. */}
        <Form method="post">
          <input type="hidden" name="intent" value={applicantIntents.freshLink} />
          <Button type="submit">E-mail me a new link</Button>
        </Form>
        <Prose>
          Or call us on{" "}
          <a href={`tel:${company.phone.e164}`} className={linkClass}>
            {company.phone.display}
          </a>{" "}
          and quote your reference.
        </Prose>
      </Panel>
    </>
  );
}

/** After the applicant deleted their details: a plain page that says so, and nothing else. */
export function DetailsDeleted() {
  return (
    <>
      <PageHero
        narrow
        hero={{
          badge: "Your application",
          title: "Your details have been deleted",
          intro:
            "We have deleted your application, your documents and everything else we held under your e-mail address. We will not contact you about it again.",
        }}
      />
      <Panel id="what-next" heading="Thank you">
        <div role="status">
          <Prose>Your request is done: there is nothing more you need to do.</Prose>
        </div>
        <Prose>
          If you would like to work with us in future, you are welcome to apply again at any time.
        </Prose>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-lg">
          <Link to={vacanciesPath} className={linkClass}>
            See our vacancies
          </Link>
          <Link to="/" className={linkClass}>
            Go to the home page
          </Link>
        </p>
      </Panel>
    </>
  );
}
