import { ServicePage } from "~/components/sections/service-page";
import { warehouse } from "~/content/services/warehouse";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(warehouse.meta);
}

export default function Page() {
  return <ServicePage content={warehouse} />;
}
