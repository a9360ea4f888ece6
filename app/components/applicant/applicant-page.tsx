import { Form, Link } from "react-router";
import {
  anotherTimeMaxLength,
  applicantLinkParameter,
  applicantPageHref,
  type ConfirmStep,
  confirmations,
  confirmButtons,
  confirmStep,
  applicantIntents as intents,
  applicantSections as sections,
} from "#core/applicant-page.ts";
import type { ApplicantStep } from "#core/config/applicant-stages.ts";
import { site } from "#core/config/site.ts";
import { manyProblemsWith } from "#core/forms/form-copy.ts";
import type { FormResult } from "#core/forms/form-result.ts";
import { FormBanner } from "~/components/forms/form-banner";
import { PageHero } from "~/components/sections/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { controlClass, Field } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { useCompany } from "~/lib/company";
import type { ApplicantView } from "../../../server/contract.ts";
import { Facts, Panel, Prose } from "./panel";

/** The ids of the page's own fields, which a refusal's banner links to. */
const fieldId = (field: string) => `applicant-${field}`;

const linkClass = "font-semibold text-accent-800 underline underline-offset-4";

type Props = {
  view: ApplicantView;
  /** The link's token: every form posts back to the page's own address with it. */
  token: string;
  /** The file types a CV may be (".pdf", ".doc", ".docx"), as the careers form takes them. */
  cvTypes: readonly string[];
  /** The confirmation shown instead of the page, if one was asked for. */
  confirm: ConfirmStep | null;
  /** The banner for the last post, if any. */
  result: FormResult | null;
};

/** A form that makes one change: a post to the page's own address, with its intent. */
function ChangeForm({
  href,
  intent,
  children,
  multipart = false,
  className,
}: {
  href: string;
  intent: string;
  children: React.ReactNode;
  multipart?: boolean;
  className?: string;
}) {
  return (
    <Form
      method="post"
      action={href}
      encType={multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** The applicant's own page: where their application stands, and what they can change from here. */
export function ApplicantPage({ view, token, cvTypes, confirm, result }: Props) {
  const href = applicantPageHref(token);
  const intro = view.vacancy
    ? `Your application ${view.reference} for ${view.vacancy.title}, received on ${view.received}.`
    : `Your general application ${view.reference}, received on ${view.received}.`;
  return (
    <>
      <PageHero hero={{ badge: "Your application", title: `Hello ${view.firstName}`, intro }} narrow />
      {result && (
        <div className="bg-white pt-8">
          <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
            <FormBanner result={result} fieldId={fieldId} manyProblems={manyProblemsWith("your change")} />
          </div>
        </div>
      )}
      {confirm === confirmStep.erase ? (
        <ConfirmErase href={href} />
      ) : confirm === confirmStep.withdraw && view.can.withdraw ? (
        <ConfirmWithdraw view={view} href={href} />
      ) : confirm === confirmStep.leavePool && view.pool.member ? (
        <ConfirmLeavePool href={href} />
      ) : (
        <>
          <Stage view={view} />
          {view.interview && <Interview view={view} href={href} result={result} />}
          <Documents view={view} href={href} cvTypes={cvTypes} result={result} />
          <TalentPool view={view} href={href} token={token} />
          {view.can.withdraw && <Withdraw view={view} token={token} />}
          <Erase token={token} />
        </>
      )}
    </>
  );
}

function Stage({ view }: { view: ApplicantView }) {
  const company = useCompany();
  return (
    <Panel id={sections.stage} heading="Where your application stands">
      <p className="text-xl font-semibold text-navy-900">{view.stage.title}</p>
      {view.steps && <Steps steps={view.steps} />}
      <Prose>{view.stage.next}</Prose>
      <Facts
        items={[
          { label: "Reference", value: view.reference },
          {
            label: "Applied for",
            value: view.vacancy
              ? `${view.vacancy.title} (${view.vacancy.reference})`
              : "Any suitable role (a general application)",
          },
          { label: "Received", value: view.received },
        ]}
      />
      <p className="text-base text-navy-700">
        This page&rsquo;s link is personal to you: please do not share it. It works until {view.linkExpires},
        and every e-mail from us brings a new one. Questions? Call us on{" "}
        <a href={`tel:${company.phone.e164}`} className={linkClass}>
          {company.phone.display}
        </a>
        .
      </p>
    </Panel>
  );
}

/**
 * The steps of the way as an ordered list: the current one is marked in words ("Current step", which a
 * screen reader reads with it, and aria-current), not by its colour alone.
 */
function Steps({ steps }: { steps: ApplicantStep[] }) {
  return (
    <ol aria-label="The steps of your application" className="grid gap-3 sm:grid-cols-4 sm:gap-2">
      {steps.map((step, index) => {
        const current = step.state === "current";
        return (
          <li
            key={step.title}
            aria-current={current ? "step" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-xl p-3 sm:flex-col sm:items-start sm:gap-2",
              current ? "bg-accent-50 ring-2 ring-accent-700" : "bg-sand-50",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                step.state === "to-come"
                  ? "bg-white text-navy-700 ring-1 ring-navy-300"
                  : "bg-navy-900 text-white",
                current && "bg-accent-800",
              )}
            >
              {index + 1}
            </span>
            <span className="flex flex-col">
              <span className={cn("text-base text-navy-900", current && "font-semibold")}>{step.title}</span>
              {current && <span className="text-sm font-semibold text-accent-800">Current step</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Interview({ view, href, result }: { view: ApplicantView; href: string; result: FormResult | null }) {
  const interview = view.interview;
  if (!interview) return null;
  const error = result?.fields?.message ?? null;
  return (
    <Panel id={sections.interview} heading="Your interview" tone="sand">
      <Facts
        items={[
          { label: "When", value: interview.when },
          {
            label: "Where",
            value: interview.link ? (
              <>
                By video call:{" "}
                <a href={interview.link} className={`${linkClass} break-all`} rel="noreferrer">
                  join the call at the time
                </a>
              </>
            ) : (
              interview.where
            ),
          },
          { label: "You will meet", value: interview.meetWith },
          ...(interview.note ? [{ label: "A note from us", value: interview.note }] : []),
        ]}
      />
      <p className="text-lg font-semibold text-navy-900">
        {interview.answer === "attending"
          ? "You told us you will be there."
          : interview.answer === "another-time"
            ? `You told us you need another time${interview.answerMessage ? `: “${interview.answerMessage}”` : "."}`
            : "Please let us know whether you can come."}
      </p>
      {interview.canAnswer && (
        <div className="space-y-6">
          <ChangeForm href={href} intent={intents.answerInterview}>
            <input type="hidden" name="uid" value={interview.uid} />
            <input type="hidden" name="answer" value="attending" />
            <Button type="submit">I&rsquo;ll be there</Button>
          </ChangeForm>
          <ChangeForm href={href} intent={intents.answerInterview} className="space-y-3">
            <input type="hidden" name="uid" value={interview.uid} />
            <input type="hidden" name="answer" value="another-time" />
            <Field
              id={fieldId("message")}
              label="Which days or times would suit you better?"
              description={`Up to ${anotherTimeMaxLength} characters. We will be in touch to offer another time.`}
              error={error}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="message"
                  rows={3}
                  maxLength={anotherTimeMaxLength}
                  required
                  className={controlClass}
                />
              )}
            </Field>
            <Button type="submit" variant="secondary">
              I need another time
            </Button>
          </ChangeForm>
        </div>
      )}
    </Panel>
  );
}

function Documents({
  view,
  href,
  cvTypes,
  result,
}: {
  view: ApplicantView;
  href: string;
  cvTypes: readonly string[];
  result: FormResult | null;
}) {
  const types = cvTypes.map((ext) => ext.slice(1).toUpperCase()).join(", ");
  return (
    <Panel id={sections.documents} heading="Your documents">
      {view.documents.length === 0 ? (
        <Prose>We hold no documents for this application.</Prose>
      ) : (
        <ul className="space-y-2 text-lg text-navy-800">
          {view.documents.map((document) => (
            <li key={`${document.label}-${document.fileName}`} className="break-words">
              <span className="font-semibold text-navy-900">{document.label}:</span> {document.fileName} (
              {document.size}){document.note ? `. ${document.note}` : ""}
            </li>
          ))}
        </ul>
      )}
      {view.can.replaceCv && (
        <ChangeForm href={href} intent={intents.replaceCv} multipart className="space-y-3">
          <Field
            id={fieldId("cv")}
            label="Send us a new CV"
            description={`${types}, up to ${site.limits.maxUploadMb}MB. It replaces the CV we hold, which we then delete.`}
            error={result?.fields?.cv ?? null}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                name="cv"
                accept={cvTypes.join(",")}
                required
                className={`${controlClass} file:mr-3 file:rounded-md file:border-0 file:bg-navy-100 file:px-3 file:py-1.5 file:font-semibold file:text-navy-900`}
              />
            )}
          </Field>
          <Button type="submit" variant="secondary">
            Replace my CV
          </Button>
        </ChangeForm>
      )}
    </Panel>
  );
}

function TalentPool({ view, href, token }: { view: ApplicantView; href: string; token: string }) {
  const { pool } = view;
  return (
    <Panel id={sections.talentPool} heading="Our talent pool" tone="sand">
      {pool.member ? (
        <Prose>
          You are in our talent pool until {pool.until}: we may contact you about roles that suit you. Choose
          &ldquo;Keep me on file&rdquo; to stay for {pool.period} from today.
        </Prose>
      ) : (
        <Prose>
          Would you like us to keep your application on file for {pool.period}, so we can contact you about
          future roles? It is up to you: if you would rather not, there is nothing to do. If you join, we will
          ask you before that time runs out, and you can leave whenever you like.
        </Prose>
      )}
      {/* A plain choice: the two answers look alike, and neither is the page's main action. */}
      <div className="grid gap-3 sm:max-w-xl sm:grid-cols-2">
        <ChangeForm href={href} intent={intents.keepOnFile}>
          <Button type="submit" variant="secondary" className="w-full">
            Keep me on file
          </Button>
        </ChangeForm>
        {pool.member && (
          <AskFirst token={token} step={confirmStep.leavePool}>
            <Button type="submit" variant="secondary" className="w-full">
              Take me off file
            </Button>
          </AskFirst>
        )}
      </div>
    </Panel>
  );
}

function Withdraw({ view, token }: { view: ApplicantView; token: string }) {
  return (
    <Panel id={sections.withdraw} heading="Withdraw your application">
      <Prose>
        If you no longer want {view.vacancy ? "this job" : "us to find you work"}, or have found work
        elsewhere, withdraw your application and we will take it no further.
        {view.interview ? " Your interview will be cancelled." : ""} We will tell our team.
      </Prose>
      <AskFirst token={token} step={confirmStep.withdraw}>
        <Button type="submit" variant="danger">
          Withdraw my application
        </Button>
      </AskFirst>
    </Panel>
  );
}

function Erase({ token }: { token: string }) {
  return (
    <Panel id={sections.erase} heading="Delete your details" tone="sand">
      <Prose>
        You can ask us to delete everything we hold about you: this application, your documents, and anything
        else you have sent us from the same e-mail address. You will be asked to confirm first.
      </Prose>
      <AskFirst token={token} step={confirmStep.erase}>
        <Button type="submit" variant="danger">
          Delete my details
        </Button>
      </AskFirst>
    </Panel>
  );
}

/** A button that shows a change's confirmation: a GET, so following it changes nothing. */
function AskFirst({
  token,
  step,
  children,
}: {
  token: string;
  step: ConfirmStep;
  children: React.ReactNode;
}) {
  return (
    <Form method="get">
      <input type="hidden" name={applicantLinkParameter} value={token} />
      <input type="hidden" name={confirmStep.name} value={step} />
      {children}
    </Form>
  );
}

/** A confirmation's two answers: the change itself, or back to the page with nothing changed. */
function ConfirmChoice({
  href,
  intent,
  confirmation,
  yes,
  no,
}: {
  href: string;
  intent: string;
  confirmation: string;
  yes: string;
  no: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <ChangeForm href={href} intent={intent}>
        <input type="hidden" name="confirm" value={confirmation} />
        <Button type="submit" variant="danger" className="w-full sm:w-auto">
          {yes}
        </Button>
      </ChangeForm>
      <Link to={href} className={buttonVariants({ variant: "secondary" })}>
        {no}
      </Link>
    </div>
  );
}

function ConfirmWithdraw({ view, href }: { view: ApplicantView; href: string }) {
  return (
    <Panel id={sections.withdraw} heading="Withdraw your application?">
      <Prose>
        We will take {view.vacancy ? `your application for ${view.vacancy.title}` : "your application"} no
        further{view.interview ? " and cancel your interview" : ""}, and we will tell our team. You cannot
        undo this here, but you are welcome to apply again at any time.
      </Prose>
      <ConfirmChoice
        href={href}
        intent={intents.withdraw}
        confirmation={confirmations.withdraw}
        yes={confirmButtons.withdraw}
        no="No, keep it"
      />
    </Panel>
  );
}

function ConfirmLeavePool({ href }: { href: string }) {
  return (
    <Panel id={sections.talentPool} heading="Leave our talent pool?">
      <Prose>
        We will no longer contact you about future roles. This application stays as it is, and you can join
        the pool again from this page whenever you like.
      </Prose>
      <ConfirmChoice
        href={href}
        intent={intents.leavePool}
        confirmation={confirmations.leavePool}
        yes={confirmButtons.leavePool}
        no="No, keep me on file"
      />
    </Panel>
  );
}

function ConfirmErase({ href }: { href: string }) {
  return (
    <Panel id={sections.erase} heading="Delete everything we hold about you?">
      <Prose>This deletes, straight away and for good:</Prose>
      <ul className="list-disc space-y-1 pl-6 text-lg text-navy-800">
        <li>this application, with your CV and any other documents;</li>
        <li>anything else you have sent us from the same e-mail address;</li>
        <li>our notes and e-mails about them, and any interview booked with you.</li>
      </ul>
      <Prose>
        We keep only a note that a record was deleted at your request, with no details about you. This link
        will stop working.
      </Prose>
      <ConfirmChoice
        href={href}
        intent={intents.erase}
        confirmation={confirmations.erase}
        yes={confirmButtons.erase}
        no="No, keep my details"
      />
    </Panel>
  );
}
