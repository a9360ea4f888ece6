/**
 * The contract between the server and the app it renders: what a page's loaders, actions and renderer
 * receive from the server. The app imports this module's types and nothing else of the server's, and
 * nothing at run time (the import rules in .dependency-cruiser.cjs hold it to that). The server fills a
 * request's router context through the app's own `fillContext` (app/entry.server.tsx), reached through
 * the server build, so both sides use the one copy of each context the routes read.
 */
import type { RouterContextProvider } from "react-router";
import type { RefusedForm } from "#core/forms/form-result.ts";
import type { CopyText } from "#core/launch/checks.ts";
import type { AlertAnswer, AlertView, Subscriptions } from "./alerts/subscriptions.ts";
import type { analyticsReport } from "./analytics/report.ts";
import type { createInterviews } from "./applicants/interviews.ts";
import type { createRecruitment } from "./applicants/recruitment.ts";
import type { createSelfService, PageAnswer } from "./applicants/self-service.ts";
import type { ApplicantView } from "./applicants/self-service-view.ts";
import type { Bounces } from "./bounces/bounces.ts";
import type { Content, ContentVersion } from "./content/content.ts";
import type { ContentSchedule, ContentScheduler } from "./content/schedule.ts";
import type { Health } from "./health.ts";
import type { Launch } from "./launch/launch.ts";
import type { createDataRequests } from "./lifecycle/data-requests.ts";
import type { PersonLead } from "./lifecycle/person.ts";
import type { Logger } from "./observability/logger.ts";
import type { KeptPicture, PictureOutcome, Pictures } from "./pictures/pictures.ts";
import type { Redirects } from "./redirects/redirects.ts";
import type { createVacancies } from "./vacancies/vacancies.ts";
import type { createWorkspace } from "./workspace/workspace.ts";

/** A lead as the People page lists it; the applicant's own page and what a post to it came to. */
export type {
  AlertAnswer,
  AlertView,
  ApplicantView,
  ContentSchedule,
  ContentVersion,
  KeptPicture,
  Logger,
  PageAnswer,
  PersonLead,
  PictureOutcome,
};

/** What loaders and actions of the staff workspace receive through the router context. */
export type AppServices = {
  /** Sign-in, sessions, the team and the leads inbox. */
  workspace: ReturnType<typeof createWorkspace>;
  /** Requests from people about their data: find, download and erase by e-mail address. */
  people: ReturnType<typeof createDataRequests>;
  /** The cookieless visit and conversion counts: the report and its CSV. */
  analytics: ReturnType<typeof analyticsReport>;
  /** Vacancies: staff publish them; the careers pages, the sitemap and the careers form read them. */
  vacancies: ReturnType<typeof createVacancies>;
  /** Interviews: invite, move and cancel (each e-mails the applicant); what is coming, for the team or one person. */
  interviews: ReturnType<typeof createInterviews>;
  /** Recruitment: the stage e-mails, a vacancy's "not this time" and the talent pool's search. */
  recruitment: ReturnType<typeof createRecruitment>;
  /** The applicant's own page, through their signed link: what it shows and each change made from it. */
  applicantPage: ReturnType<typeof createSelfService>;
  /** Job alerts: the sign-up form, the pages behind their links (confirm, change, leave) and the followers' counts. */
  alerts: Subscriptions;
  /** The site's health in words, for administrators: the queue, the last backup and purge, the forms, the disk. */
  health: Health;
  /** Mail that did not arrive: a lead's blocked address, correcting it (and sending again) or unblocking it. */
  bounces: Bounces;
  /** Old addresses and the pages that answer for them; the addresses that answered 404, counted. */
  redirects: Pick<Redirects, "list" | "missing" | "add" | "importCsv" | "remove">;
  /** Site content staff keep: its versions and approvals, and what the public pages show now. */
  content: Content;
  /** Ready to launch: the absolute claims an administrator confirmed with evidence. */
  launch: Launch;
  /** The picture library: upload, words, focal point and deletion, for those who may edit site content. */
  pictures: Pick<Pictures, "mayEdit" | "list" | "find" | "readForm" | "add" | "edit" | "remove">;
  /** Site content on a schedule: what is due to be published or taken down, and when. */
  contentSchedule: Pick<ContentScheduler, "pending" | "schedulePublish" | "scheduleTakeDown" | "cancel">;
};

/** What the server knows of one request it hands to React Router. */
export type RequestValues = {
  /** The workspace's services (absent in a server started without them, as some tests do). */
  services?: AppServices | undefined;
  /** The key that signs the result of a form post made without JavaScript. */
  formResultSecret: string;
  /** The address the request came from (behind a trusted proxy, the client's). */
  clientAddress: string;
  /** The response's Content-Security-Policy nonce, made when a page asks for it. */
  cspNonce: () => string;
  /** ENABLE_TEST_HOOKS: the routes that exist only for the browser tests answer. */
  testHooks: boolean;
  /** A post made without JavaScript that the lead handlers refused, or null. */
  refusedForm: RefusedForm | null;
  /** Where the renderer logs a failed request. */
  logger: Logger;
};

/** What the app's server entry exports for the server, besides rendering. */
export type AppEntry = {
  /**
   * Fills the router context of one request. The server makes the context itself, from its own copy of
   * React Router (in development, Vite loads the app with another copy, whose class the request handler
   * would not recognise); the contexts set in it are the app's.
   */
  fillContext(context: RouterContextProvider, values: RequestValues): void;
  /** The public pages' words still in code, for the start-up warning before launch (app/content/site-copy.ts). */
  siteCopy?(): CopyText[];
};
