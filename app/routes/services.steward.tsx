import { ServicePage } from "~/components/sections/service-page";
import { steward } from "~/content/services/steward";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(steward.meta);
}

export default function Page() {
  return <ServicePage content={steward} />;
}
