import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta({
    title: "Housekeeping Staff",
    description: "Trained housekeeping staff for hotels and residences.",
  });
}

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Housekeeping Staff</h1>
    </div>
  );
}
