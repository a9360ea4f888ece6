import { CareersForm } from "~/components/forms/careers-form";
import { readFormResult } from "~/lib/forms/form-result.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/careers";

export function meta() {
  return pageMeta({
    title: "Careers",
    description: "Cleaning, security, warehouse and event jobs in Greater Manchester.",
  });
}

/** The banner to show after a form post without JavaScript (null on a normal visit). */
export async function loader({ request }: Route.LoaderArgs) {
  return { formResult: await readFormResult(request, "careers") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Work With Us</h1>
      <section id="application-form" className="mt-12">
        <CareersForm initialResult={loaderData.formResult} />
      </section>
    </div>
  );
}
