import { ServicePage } from "~/components/sections/service-page";
import { cleaning } from "~/content/services/cleaning";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(cleaning.meta);
}

export default function Page() {
  return <ServicePage content={cleaning} />;
}
