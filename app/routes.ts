import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { applicantPagePath } from "#core/applicant-page.ts";
import { serviceList } from "#core/config/service-list.ts";
import { careersEndpoint, contactEndpoint } from "#core/forms/endpoints.ts";

/** Every screen the site has, in one list. Paths are the specification's, exactly. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("careers", "routes/careers.tsx"),
  // Vacancies staff publish: rendered by the server from the database on each request.
  route("careers/vacancies", "routes/vacancies.tsx"),
  // The open vacancies as XML for the job aggregators, at an address that never changes; before the
  // vacancies' own pages so it is never read as one.
  route("careers/vacancies/feed.xml", "routes/vacancies-feed.xml.ts"),
  route("careers/vacancies/:slug", "routes/vacancy.tsx"),
  // Job alerts: the sign-up forms post here; the pages behind the signed links in their e-mails.
  // Rendered on each request, never prerendered, listed in the sitemap or indexed.
  route("careers/alerts", "routes/job-alerts.tsx"),
  route("careers/alerts/confirm", "routes/job-alerts.confirm.tsx"),
  route("careers/alerts/manage", "routes/job-alerts.manage.tsx"),
  route("careers/alerts/unsubscribe", "routes/job-alerts.unsubscribe.tsx"),
  route("contact", "routes/contact.tsx"),
  // One page module per service, named after its slug in the one list of services.
  ...serviceList.map((service) => route(`services/${service.slug}`, `routes/services.${service.slug}.tsx`)),
  route("privacy", "routes/privacy.tsx"),
  // The case studies: the list (filtered by service on request), and each one's page. Staff publish them
  // (site content), so one route answers every address under the list: a published case study's page,
  // else the 404 page. The shipped ones are prerendered; any published later is drawn by the server.
  route("case-studies", "routes/case-studies.tsx"),
  route("case-studies/:slug", "routes/case-study.tsx"),
  // An applicant's own page, through the signed link in our e-mails: rendered on each request, never
  // prerendered, listed in the sitemap or indexed.
  route(applicantPagePath.slice(1), "routes/your-application.tsx"),
  // A form post refused without JavaScript is answered with the form's page, at the endpoint's address
  // (docs/decisions/009-refused-posts-without-javascript.md); the lead handlers answer everything else there.
  route(contactEndpoint.slice(1), "routes/contact.tsx", { id: "routes/contact-refused" }),
  route(careersEndpoint.slice(1), "routes/careers.tsx", { id: "routes/careers-refused" }),
  // The sitemap lists the open vacancies too, so the server answers it on each request; robots.txt is a file.
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // Answers 404 unless the server was started with test hooks on; lets the e2e
  // suite reach the router's error screen without a production backdoor.
  route("__test/error", "routes/test-error.tsx"),
  // The staff workspace: rendered by the server on each request, never prerendered or indexed.
  route("staff/sign-in", "routes/staff/sign-in.tsx"),
  route("staff/invitation/:token", "routes/staff/invitation.tsx"),
  route("staff/passkey", "routes/staff/passkey.ts"),
  route("staff/sign-out", "routes/staff/sign-out.ts"),
  // Files, not pages: a signed-out request gets 401, never the sign-in page.
  route("staff/export.csv", "routes/staff/export.ts"),
  route("staff/leads/:reference/documents/:id", "routes/staff/document.ts"),
  // A person's data as one ZIP (a download, so no page frame around it).
  route("staff/people/download", "routes/staff/people-download.ts"),
  route("staff/analytics.csv", "routes/staff/analytics-export.ts"),
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/inbox.tsx"),
    route("leads/:reference", "routes/staff/lead.tsx"),
    route("interviews", "routes/staff/interviews.tsx"),
    route("team", "routes/staff/team.tsx"),
    route("people", "routes/staff/people.tsx"),
    route("analytics", "routes/staff/analytics.tsx"),
    route("health", "routes/staff/health.tsx"),
    route("launch", "routes/staff/launch.tsx"),
    route("redirects", "routes/staff/redirects.tsx"),
    route("vacancies", "routes/staff/vacancies.tsx"),
    route("vacancies/new", "routes/staff/vacancy.tsx", { id: "routes/staff/vacancy-new" }),
    route("vacancies/:reference", "routes/staff/vacancy.tsx"),
    route("pool", "routes/staff/pool.tsx"),
    // Site content staff keep: the list, and each item's edit form, preview and history.
    route("content", "routes/staff/content.tsx"),
    // The picture library: upload a photo with its words; each picture's words, focal point and deletion.
    route("content/pictures", "routes/staff/pictures.tsx"),
    route("content/pictures/:id", "routes/staff/picture.tsx"),
    // A page's words (the kind "page"): its cards, shaped as the page lays them out.
    route("content/page/:key", "routes/staff/content-page.tsx"),
    // A case study's form is shaped like its page (a new one's too); more specific than any item's.
    route("content/quote-erasure", "routes/staff/quote-erasure.tsx"),
    route("content/case-study/new", "routes/staff/case-study.tsx", { id: "routes/staff/case-study-new" }),
    route("content/case-study/:key", "routes/staff/case-study.tsx"),
    route("content/company", "routes/staff/content-company.tsx"),
    route("content/:kind/:key", "routes/staff/content-item.tsx"),
    route("confirm", "routes/staff/confirm.tsx"),
    route("*", "routes/staff/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
