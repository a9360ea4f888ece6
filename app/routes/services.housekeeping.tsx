import { ServicePage } from "~/components/sections/service-page";
import { housekeeping } from "~/content/services/housekeeping";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(housekeeping.meta);
}

export default function Page() {
  return <ServicePage content={housekeeping} />;
}
