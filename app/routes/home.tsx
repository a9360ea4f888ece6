import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta({
    title: "Facilities Management and Staffing in Manchester",
    description: "Cleaning, housekeeping, warehouse, security and steward staff for Manchester businesses.",
  });
}

export default function Home() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Your Complete Facilities Partner</h1>
      <div className="h-[150vh]" />
      <section id="services" aria-labelledby="services-heading" className="py-16">
        <h2 id="services-heading" className="text-3xl font-bold">
          Our Services
        </h2>
      </section>
    </div>
  );
}
