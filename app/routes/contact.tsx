import { ContactForm } from "~/components/forms/contact-form";
import { readFormResult } from "~/lib/forms/form-result.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export function meta() {
  return pageMeta({
    title: "Contact Us",
    description: "Call, e-mail or send us a message; we reply within 24 hours.",
  });
}

/** The banner to show after a form post without JavaScript (null on a normal visit). */
export async function loader({ request }: Route.LoaderArgs) {
  return { formResult: await readFormResult(request, "contact") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Get in Touch</h1>
      <section id="contact-form" className="mt-12">
        <ContactForm initialResult={loaderData.formResult} />
      </section>
    </div>
  );
}
