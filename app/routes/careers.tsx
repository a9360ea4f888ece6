import { CareersForm } from "~/components/forms/careers-form";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta({
    title: "Careers",
    description: "Cleaning, security, warehouse and event jobs in Greater Manchester.",
  });
}

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Work With Us</h1>
      <section id="application-form" className="mt-12">
        <CareersForm />
      </section>
    </div>
  );
}
