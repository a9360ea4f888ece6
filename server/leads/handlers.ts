import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { site } from "#core/config/site.ts";
import { vacancyApplications } from "#core/config/vacancies.ts";
import { shippedCompany } from "#core/content/company-facts.ts";
import {
  type CareersInput,
  careersEndpoint,
  careersFields,
  careersSchema,
  vacancyField,
} from "#core/forms/careers-schema.ts";
import {
  answersFromForm,
  type ContactInput,
  contactEndpoint,
  contactFields,
  contactSchema,
  detailsField,
  quoteFieldNames,
} from "#core/forms/contact-schema.ts";
import { fieldProblems, firstProblem, honeypotField } from "#core/forms/fields.ts";
import type { Receipt } from "#core/forms/form-result.ts";
import { checkFormToken, issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenEndpoint, formTokenField, formTokenHeader } from "#core/forms/form-token.ts";
import { createResultToken, type FormName, resultParam } from "#core/forms/result-token.server.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { applyAnchor, vacancyPath, vacancyReferencePattern } from "#core/vacancies/model.ts";
import { type Database, isUnavailable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import { timed, timedSync } from "../observability/profile.ts";
import { networkKey } from "../protection/client-address.ts";
import { isCrossSite } from "../protection/origin.ts";
import { groupedRateLimit } from "../protection/rate-limit.ts";
import { type FailoverHold, HoldsFull, type PostHold } from "./failover-hold.ts";
import { contentHash, encryptNiNumber } from "./protect.ts";
import { Refusal } from "./refusal.ts";
import { answerWithPage, type TypedForm, typedForm, typedValues } from "./refused-form.ts";
import {
  declaredLength,
  idempotencyKey,
  isNavigation,
  jsonKeyPatterns,
  mediaType,
  parseJsonObject,
  parseUrlEncoded,
  readBody,
  refuseDeclaredOver,
} from "./request.ts";
import { type LeadRouting, type SenderMeta, saveApplication, saveEnquiry, type Upload } from "./store.ts";
import { checkFile, createBudget, maxFileBytes, parseMultipart, uploadLimitLabel } from "./uploads.ts";

export type LeadsOptions = {
  db: Database;
  /** The keys a post needs: the NI number's, the network hash's salt and the form tokens' secret. */
  secrets: { niKey: Buffer; ipSalt: string; resultSecret: string };
  routing: LeadRouting;
  logger: Logger;
  rateLimits: { contact: number; careers: number; windowMs: number };
  /** The site's own addresses: a post whose Origin is another site's is refused. */
  ownOrigins: readonly string[];
  /** Called after a submission's mail was queued, so the outbox can send it at once. */
  onQueued?: () => void;
  /** False when no SMTP server is configured: queued mail is then logged as waiting. */
  mailConfigured?: boolean;
  /**
   * The vacancy an application names by its reference: null when there is no such published vacancy,
   * `open` false once it has closed. Without it, an application naming a vacancy is refused.
   */
  vacancyFor?: (
    reference: string,
    at: number,
  ) => Promise<{
    vacancy: { reference: string; slug: string; title: string };
    open: boolean;
    /** When a closed vacancy closed: an application may name it for a few days after (core/config/vacancies.ts). */
    closedAt: number | null;
  } | null>;
  /** Called for each lead stored (not spam, not a repeat), with its request: the visit counts use it. */
  onStored?: (lead: { kind: LeadKind; reference: string; request: Request }) => void;
  /** Holds posts through a failover (failover-hold.ts): how long, and how many at once. */
  failoverHold: FailoverHold;
};

const contactBodyLimit = 32 * 1024;
// How long a client is asked to wait before sending again while the database is unavailable (the post
// has already waited through a failover's length), and when too many posts are waiting already.
const retryAfterUnavailableSeconds = 30;
const retryAfterHoldsFullSeconds = 5;
// The bytes of applications read and stored at once (each holds its files in memory until it is
// stored): six at the 5 MB limit, and how long another waits for its turn before being asked to try
// again, well inside the server's request timeout.
const applicationBudgetBytes = 6 * (5 * 1024 * 1024 + 64 * 1024);
const applicationWaitMs = 15_000;
// Two files at the limit, the text fields, and the multipart framing around them.
export const careersBodyLimit = 2 * maxFileBytes + 64 * 1024;

const pages: Record<FormName, { path: string; anchor: string }> = {
  contact: { path: "/contact", anchor: "contact-form" },
  careers: { path: "/careers", anchor: "application-form" },
};

/**
 * Answers a post: JSON for scripts (with each field's problem when refused), or, for a browser, a 303
 * back to the page with a signed result; a refusal of a form we could read comes back as the page itself,
 * with the values typed (refused-form.ts).
 */
function reply(
  res: Response,
  req: Request,
  form: FormName,
  secret: string,
  status: number,
  success: boolean,
  message: string,
  typed: TypedForm,
  next: NextFunction,
  receipt?: Receipt,
) {
  res.setHeader("Cache-Control", "no-store");
  if (isNavigation(req) && !success && typed.values && status !== 405) {
    answerWithPage(res, next, {
      form,
      status,
      message,
      fields: typed.fields,
      values: typed.values,
      files: typed.files ?? [],
    });
    return;
  }
  if (isNavigation(req) && status !== 405) {
    const token = createResultToken(
      form,
      { type: success ? "success" : "error", message, ...(success && receipt ? { receipt } : {}) },
      secret,
    );
    // An application from a vacancy's page goes back to that page.
    const { path, anchor } = typed.page ?? pages[form];
    res.redirect(303, `${path}?${resultParam}=${encodeURIComponent(token)}#${anchor}`);
    return;
  }
  // Written directly: Express's json() would also hash the body for an ETag nobody needs here.
  const errors = !success && Object.keys(typed.fields).length > 0 ? typed.fields : undefined;
  // Beside the contract's two fields: a refusal's field problems, a success's receipt.
  const body = JSON.stringify({ success, message, errors, receipt: success ? receipt : undefined });
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

const contactTooLong = "Your message is too long to send. Please shorten it and try again.";
const contactKeyPatterns = jsonKeyPatterns([...contactFields, detailsField, honeypotField, formTokenField]);

/**
 * The page's time token: a script sends it in the X-Form-Token header, the form without JavaScript as
 * its hidden field. A page loaded before the header was introduced still sends it in its JSON body, so
 * the body's is read too while such pages may be open.
 */
function contactToken(req: Request, input: ContactInput): string | undefined {
  const header = req.headers[formTokenHeader.toLowerCase()];
  if (typeof header === "string" && header !== "") return header.slice(0, 100);
  return input[formTokenField];
}

async function readContact(
  req: Request,
  typed: TypedForm,
): Promise<{ input: ContactInput; spam: boolean; token: string | undefined }> {
  const type = mediaType(req);
  if (type !== "application/json" && type !== "application/x-www-form-urlencoded") {
    throw new Refusal(415, "Please send the form as JSON (Content-Type: application/json).");
  }
  const raw = (await readBody(req, contactBodyLimit, contactTooLong)).toString("utf8");
  let record = type === "application/json" ? parseJsonObject(raw, contactKeyPatterns) : parseUrlEncoded(raw);
  // The HTML form always sends the hidden field; an empty one is a person.
  if (record[honeypotField] === "") delete record[honeypotField];
  // The token too, so a refused form shown again keeps the time its page was served; and every
  // service's answers, as typed.
  typed.values = typedValues(record, [...contactFields, formTokenField, ...quoteFieldNames]);
  if (type !== "application/json") record = answersFromForm(record);
  const parsed = contactSchema.safeParse(record);
  if (!parsed.success) {
    typed.fields = fieldProblems(parsed.error);
    throw new Refusal(400, firstProblem(parsed.error));
  }
  const input: ContactInput = parsed.data;
  return { input, spam: Boolean(input[honeypotField]), token: contactToken(req, input) };
}

const missingCv = "Please attach your CV (PDF or Word document).";

async function readApplication(
  req: Request,
  typed: TypedForm,
): Promise<{ input: CareersInput; uploads: Upload[]; spam: boolean }> {
  if (mediaType(req) !== "multipart/form-data") {
    throw new Refusal(415, "Please send the application as a multipart form (multipart/form-data).");
  }
  const { fields, files } = await parseMultipart(req);
  if (fields[honeypotField] === "") delete fields[honeypotField];
  if (fields[vacancyField] === "") delete fields[vacancyField];
  typed.values = typedValues(fields, [...careersFields, vacancyField, formTokenField]);
  typed.files = files.map((file) => file.field);
  const parsed = careersSchema.safeParse(fields);
  const resume = files.find((file) => file.field === "resume");
  if (!parsed.success) {
    // Every problem at once, the missing CV among them.
    typed.fields = { ...fieldProblems(parsed.error), ...(resume ? {} : { resume: missingCv }) };
    throw new Refusal(400, firstProblem(parsed.error));
  }
  if (!resume) {
    typed.fields = { resume: missingCv };
    throw new Refusal(400, missingCv);
  }
  const uploads: Upload[] = [];
  for (const file of files) {
    try {
      uploads.push(await checkFile(file.field, file.name, file.content));
    } catch (error) {
      if (error instanceof Refusal) typed.fields = { [file.field]: error.message };
      throw error;
    }
  }
  return { input: parsed.data, uploads, spam: Boolean(parsed.data[honeypotField]) };
}

/** The two lead endpoints, mounted before React Router so bad input never reaches it. */
export function leadsRouter(options: LeadsOptions): Router {
  const { db, secrets, routing, logger, rateLimits } = options;
  const router = express.Router();
  // The number a visitor is told to call, as the company's details publish it now.
  const phone = () => (routing.company?.() ?? shippedCompany).phone.display;
  // Counted without waiting for the disk (a crash may forget a few counts, never a lead), and a burst
  // from one network counted by one statement at a time.
  const takeRateLimit = groupedRateLimit(db.relaxed);
  // Posts wait through a failover rather than being refused at its first moment (failover-hold.ts).
  const holds = options.failoverHold;

  // Hashing each request's address is measurable under load; a bounded cache keeps it cheap.
  // IPv6 clients are counted by their /64 (see networkKey).
  const ipHashes = new Map<string, string>();
  function cachedIpHash(ip: string): string {
    let hash = ipHashes.get(ip);
    if (!hash) {
      if (ipHashes.size >= 10_000) ipHashes.clear();
      hash = networkKey(ip, secrets.ipSalt);
      ipHashes.set(ip, hash);
    }
    return hash;
  }

  /**
   * What an endpoint accepts, checked before its body is read: its size, and what reading it needs
   * (the applications' memory budget), waited for only once the cheap checks have passed.
   */
  type Intake = {
    bodyLimit: number;
    tooLarge: string;
    /** Refuse a body that does not declare its length (its share of the memory budget is that length). */
    lengthRequired?: boolean;
    beforeBody?: (req: Request, res: Response) => Promise<void>;
  };

  function endpoint(
    form: FormName,
    intake: Intake,
    handle: (
      req: Request,
      meta: Omit<SenderMeta, "contentHash" | "spam" | "spamSignal" | "formAgeMs">,
      typed: TypedForm,
      hold: PostHold,
    ) => Promise<{ message: string; receipt: Receipt }>,
  ) {
    return (req: Request, res: Response, next: NextFunction) =>
      timed(`post: ${form}, in all`, () => answer(req, res, next));
    async function answer(req: Request, res: Response, next: NextFunction) {
      const typed = typedForm();
      const send = (status: number, success: boolean, message: string, receipt?: Receipt) =>
        reply(res, req, form, secrets.resultSecret, status, success, message, typed, next, receipt);
      const hold = holds.forPost();
      const startedAt = Date.now();
      try {
        if (req.method !== "POST") {
          throw new Refusal(405, "This address only accepts form submissions (POST).", { Allow: "POST" });
        }
        if (isCrossSite(req.headers, options.ownOrigins)) {
          throw new Refusal(403, "Forms can only be sent from our own website.");
        }
        // The cheap checks come first, before anything is read or waited for: the declared size,
        // then the allowance, counted at once (a burst gets exactly the allowance through).
        refuseDeclaredOver(req, intake.bodyLimit, intake.tooLarge);
        if (intake.lengthRequired && declaredLength(req) === null) {
          // Browsers always say how large a form is; a body streamed without its length could only be
          // found too large by reading it, holding a full share of the budget meanwhile.
          throw new Refusal(
            411,
            "Please send the application with its length (a Content-Length header), as browsers do.",
            { Connection: "close" },
          );
        }
        const now = Date.now();
        const ipHash = cachedIpHash(req.ip ?? req.socket.remoteAddress ?? "unknown");
        const verdict = await timed("checks: the rate limit", () =>
          hold.run(() =>
            takeRateLimit(
              {
                key: `${form}:${ipHash}`,
                limit: form === "contact" ? rateLimits.contact : rateLimits.careers,
                windowMs: rateLimits.windowMs,
              },
              now,
            ),
          ),
        );
        if (!verdict.allowed) {
          throw new Refusal(
            429,
            `We have received a lot of submissions from your connection. Please try again later, or call us on ${phone()}.`,
            { "Retry-After": String(verdict.retryAfterSeconds) },
          );
        }
        await intake.beforeBody?.(req, res);
        const userAgent = String(req.headers["user-agent"] ?? "").slice(0, 500);
        const { message, receipt } = await handle(
          req,
          { ipHash, userAgent, idempotencyKey: idempotencyKey(req), now },
          typed,
          hold,
        );
        if (hold.waited)
          logger.info(
            { form, waitedMs: Date.now() - startedAt },
            "post saved after waiting for the database",
          );
        send(200, true, message, receipt);
      } catch (error) {
        if (error instanceof Refusal) {
          for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
          // Whatever is left of the body is read and dropped, so the client receives the reply.
          if (!req.complete) req.resume();
          send(error.status, false, error.message);
          return;
        }
        // Whatever is left of the body is read and dropped, so the client receives the reply.
        if (!req.complete) req.resume();
        const notSaved = `Sorry, something went wrong on our side and your ${form === "contact" ? "message" : "application"} was not saved. Please try again in a minute, or call us on ${phone()}.`;
        if (error instanceof HoldsFull) {
          // As many posts as a process may hold are already waiting for the database: this one is
          // refused at once, and a script tries it again shortly by itself.
          logger.warn({ form }, "submission not stored: too many posts already waiting for the database");
          res.setHeader("Retry-After", String(retryAfterHoldsFullSeconds));
          send(503, false, notSaved);
          return;
        }
        if (isUnavailable(error)) {
          // The database cannot be reached or cannot take the write now: nothing was acknowledged,
          // and a retry soon may well succeed.
          logger.warn(
            { form, error: error instanceof Error ? error.message : String(error) },
            "submission not stored: the database is unavailable",
          );
          res.setHeader("Retry-After", String(retryAfterUnavailableSeconds));
          send(503, false, notSaved);
          return;
        }
        logger.error({ err: error, form }, "submission failed");
        send(500, false, notSaved);
      } finally {
        hold.release();
      }
    }
  }

  /**
   * What the spam layers say of a submission: the honeypot (it goes to Spam), else the page's time token
   * (a missing, forged or too quick one marks the lead as suspected; it is stored and answered all the same).
   */
  function spamLayers(form: FormName, honeypot: boolean, token: string | undefined, now: number) {
    if (honeypot) return { spam: true, spamSignal: "honeypot" as const, formAgeMs: null };
    return { spam: false, ...checkFormToken(token, form, secrets.resultSecret, now) };
  }

  function queued(
    req: Request,
    reference: string,
    meta: Pick<SenderMeta, "spam" | "spamSignal">,
    repeated: boolean,
    kind: LeadKind,
  ) {
    const { spam, spamSignal } = meta;
    logger.info(
      { reference, kind, spam, spamSignal, repeated },
      repeated ? "repeat submission answered" : "submission stored",
    );
    if (spam || repeated) return;
    options.onStored?.({ kind, reference, request: req });
    if (options.mailConfigured === false)
      logger.info({ reference }, "mail queued; no SMTP server configured yet");
    options.onQueued?.();
  }

  router.all(
    contactEndpoint,
    endpoint(
      "contact",
      { bodyLimit: contactBodyLimit, tooLarge: contactTooLong },
      async (req, base, typed, hold) => {
        const { input, spam, token } = await timed("parsing: body, JSON and schema", () =>
          readContact(req, typed),
        );
        const { layers, hash } = timedSync("checks: spam layers and content hash", () => ({
          layers: spamLayers("contact", spam, token, base.now),
          hash: contentHash([
            "contact",
            ...contactFields.map((field) => input[field]),
            // Different answers make a different enquiry; none leaves the hash as it always was.
            ...(input[detailsField] ? [JSON.stringify(input[detailsField])] : []),
          ]),
        }));
        const { reference, repeated } = await timed("store: the lead's transaction, waits included", () =>
          hold.run(() => saveEnquiry(db, input, { ...base, contentHash: hash, ...layers }, routing)),
        );
        queued(req, reference, layers, repeated, "enquiry");
        return {
          message: `Thank you, ${input.firstName}! Your message has been sent and we will reply within ${site.claims.replyWithin}. Your reference is ${reference}.`,
          receipt: { reference, email: input.email },
        };
      },
    ),
  );

  /**
   * The vacancy an application names, if any: an unknown reference is refused like any other bad field;
   * a vacancy that closed while the person was typing is kept with the application, marked as closed,
   * for a few days after it closed (a page left open); after that the vacancy field is refused, and the
   * general application still works.
   */
  async function namedVacancy(
    req: Request,
    reference: string | undefined,
    now: number,
    typed: TypedForm,
  ): Promise<{ reference: string; title: string; closed: boolean } | null> {
    if (!reference) return null;
    const found =
      vacancyReferencePattern.test(reference) && options.vacancyFor
        ? await options.vacancyFor(reference, now)
        : null;
    if (!found) {
      const message =
        "We do not recognise the vacancy this application names. Please apply from the vacancy's page, or use the general application form on our careers page.";
      // A script hears which field it was; a browser's post comes back to the general form, which has
      // no such field to point to, so its page says it above the form.
      if (!isNavigation(req)) typed.fields = { [vacancyField]: message };
      throw new Refusal(400, message);
    }
    const graceMs = vacancyApplications.closedGraceDays * 24 * 60 * 60 * 1000;
    if (!found.open && found.closedAt !== null && now - found.closedAt > graceMs) {
      const message = `The vacancy "${found.vacancy.title}" has closed and no longer takes applications. Please look at our current vacancies, or send us a general application from our careers page.`;
      if (!isNavigation(req)) typed.fields = { [vacancyField]: message };
      throw new Refusal(400, message);
    }
    // The person goes back to the vacancy's page, unless it has closed meanwhile (that page is gone):
    // then to the careers page, with the same thanks and reference.
    if (found.open) typed.page = { path: vacancyPath(found.vacancy.slug), anchor: applyAnchor };
    return { reference, title: found.vacancy.title, closed: !found.open };
  }

  // Applications are read and stored within a memory budget (see applicationBudgetBytes); each holds
  // its share until its reply has gone. The share is taken only after the declared size, the origin
  // and the allowance have been checked, so a refused application never waits for it.
  const budget = createBudget(applicationBudgetBytes);
  async function holdBudget(req: Request, res: Response): Promise<void> {
    const share = declaredLength(req) ?? careersBodyLimit;
    const release = await budget.take(share, applicationWaitMs);
    if (!release) {
      throw new Refusal(
        503,
        `We are receiving a lot of applications just now, so yours was not saved. Please try again in a minute, or call us on ${phone()}.`,
        { "Retry-After": String(retryAfterUnavailableSeconds) },
      );
    }
    res.on("close", release);
  }
  router.all(
    careersEndpoint,
    endpoint(
      "careers",
      {
        bodyLimit: careersBodyLimit,
        tooLarge: `Your application is too large to send. Each file may be at most ${uploadLimitLabel}.`,
        lengthRequired: true,
        beforeBody: holdBudget,
      },
      async (req, base, typed, hold) => {
        const { input, uploads, spam } = await timed("parsing: multipart, schema and files", () =>
          readApplication(req, typed),
        );
        const vacancy = await hold.run(() => namedVacancy(req, input[vacancyField], base.now, typed));
        const layers = spamLayers("careers", spam, input[formTokenField], base.now);
        const hash = contentHash([
          "careers",
          ...careersFields.map((field) => input[field]),
          // The same person applying for two jobs at once makes two applications, not a repeat.
          input[vacancyField] ?? "",
          ...uploads.flatMap((upload) => [upload.field, upload.content]),
        ]);
        const encrypted = encryptNiNumber(input.niNumber, secrets.niKey);
        const { reference, repeated, page } = await timed(
          "store: the lead's transaction, waits included",
          () =>
            hold.run(() =>
              saveApplication(
                db,
                input,
                encrypted,
                uploads,
                { ...base, contentHash: hash, ...layers },
                routing,
                vacancy,
              ),
            ),
        );
        queued(req, reference, layers, repeated, "application");
        return {
          message: `Thank you for your application, ${input.firstName}! We have received it with your documents and will be in touch within ${site.claims.replyWithin}. Your reference is ${reference}.`,
          receipt: { reference, email: input.email, ...(page ? { page } : {}) },
        };
      },
    ),
  );

  // A form reached by a move within the site had no page served with it: it asks here for its token.
  router.get(formTokenEndpoint, (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const form = req.query.form;
    if (form !== "contact" && form !== "careers") {
      res.status(400).json({ message: "Say which form the token is for: ?form=contact or ?form=careers." });
      return;
    }
    res.json({ token: issueFormToken(form, secrets.resultSecret) });
  });

  return router;
}
