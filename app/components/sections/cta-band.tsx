import { Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import type { CallToAction } from "~/content/types";
import { useCompany } from "~/lib/company";

/** The closing call to action: a heading, a sentence, a link to the contact page and the phone number. */
export function CtaBand({ cta, id = "get-started" }: { cta: CallToAction; id?: string }) {
  const company = useCompany();
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="bg-navy-900 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {cta.heading}
        </h2>
        <p className="mt-4 text-lg text-navy-100">{cta.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/contact" variant="inverse">
            Contact Us
          </ButtonLink>
          <a href={`tel:${company.phone.e164}`} className={buttonVariants({ variant: "outlineInverse" })}>
            <Phone aria-hidden="true" className="size-5" />
            <span>
              <span className="sr-only">Call us on </span>
              {company.phone.display}
            </span>
          </a>
        </div>
      </div>
    </section>
  );
}
