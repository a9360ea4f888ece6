import type { ServicePageContent } from "../types";
import { cleaning } from "./cleaning";
import { housekeeping } from "./housekeeping";
import { securityOfficers } from "./security-officers";
import { steward } from "./steward";
import { warehouse } from "./warehouse";

/** The five services in the order the site presents them. */
export const services = [
  cleaning,
  securityOfficers,
  housekeeping,
  warehouse,
  steward,
] satisfies ServicePageContent[];
