import { ServicePage } from "~/components/sections/service-page";
import { securityOfficers } from "~/content/services/security-officers";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(securityOfficers.meta);
}

export default function Page() {
  return <ServicePage content={securityOfficers} />;
}
