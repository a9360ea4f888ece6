// The "Job Application" form, hydrated on its own, on the careers page and on each vacancy's.
import { CareersForm } from "~/components/forms/careers-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("careers-form", CareersForm);
