/**
 * The few questions staff would otherwise phone back to ask, per service the contact form offers: the
 * kind of site, its size, the hours, when to start. The form shows the chosen service's questions (every
 * service's, under its own heading, without JavaScript); the server checks the answers against this list
 * and stores them; the lead's page, the staff e-mail, the webhooks, the CSV export and the person's
 * archive all read them back in words through `describeAnswers`. The list travels to the browser with the
 * contact form, so it holds words and limits only.
 */

type Common = {
  /** Stable: stored with each answer, so never renamed once in use. */
  key: string;
  label: string;
  hint?: string;
  /** Optional unless said otherwise. */
  required?: boolean;
};

/** One question: a choice from a list, a number within a range, a short text or a date. */
export type QuoteQuestion = Common &
  (
    | {
        kind: "choice";
        options: readonly { value: string; label: string }[];
        /** A package chosen on the service page ("Select Package") answers this question by its name. */
        fromPackage?: true;
      }
    | { kind: "number"; unit: string; min: number; max: number }
    | { kind: "text" }
    | { kind: "date" }
  );

/**
 * A service's questions, the heading they stand under (named for the subject, as every service's are
 * shown without JavaScript) and the example above the message field once the service is chosen.
 */
export type QuoteQuestionGroup = {
  service: string;
  legend: string;
  messageExample: string;
  questions: readonly QuoteQuestion[];
};

/** An answer as stored: the option's value, the number, the text, or the date as YYYY-MM-DD. */
export type QuoteAnswers = Record<string, string | number>;

/** What the answers are called wherever staff or the person see them listed. */
export const siteDetailsLabel = "Site details";

/** One answer as staff and the person read it: the question's label and the answer in words. */
export type AnswerInWords = { question: string; answer: string };

const notSure = { value: "not-sure", label: "Not sure yet" };

const choice = (...labels: string[]) =>
  labels.map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, "-"), label }));

/** Every service's questions, in the order the service list names the services. */
export const quoteQuestionGroups: readonly QuoteQuestionGroup[] = [
  {
    service: "cleaning",
    legend: "About the cleaning you need",
    messageExample:
      "For example: an evening office clean for 40 desks in Salford, five nights a week, from next month.",
    questions: [
      {
        key: "premises",
        label: "Kind of premises",
        kind: "choice",
        options: [...choice("Office", "Retail", "Healthcare", "Education", "Industrial", "Other"), notSure],
      },
      {
        key: "area",
        label: "Approximate floor area",
        kind: "number",
        unit: "square metres",
        min: 1,
        max: 500_000,
        hint: "A rough figure is fine: a 40-desk office is about 400 square metres.",
      },
      {
        key: "frequency",
        label: "How often",
        kind: "choice",
        options: [
          ...choice("Daily", "Several times a week", "Weekly", "Fortnightly", "One-off clean"),
          notSure,
        ],
      },
      {
        key: "hours",
        label: "Preferred hours",
        kind: "text",
        hint: "For example, weekdays after 18:00.",
      },
    ],
  },
  {
    service: "security",
    legend: "About the security you need",
    messageExample:
      "For example: two officers for a building site in Trafford Park, nights and weekends, for about three months.",
    questions: [
      { key: "officers", label: "Number of officers", kind: "number", unit: "officers", min: 1, max: 500 },
      {
        key: "hours",
        label: "Hours and days",
        kind: "text",
        hint: "For example, nights and weekends, 18:00–06:00.",
      },
      {
        key: "licence",
        label: "SIA licence type needed",
        kind: "choice",
        options: [
          ...choice(
            "Security guarding",
            "Door supervision",
            "CCTV (public space surveillance)",
            "Close protection",
          ),
          { value: "not-sure", label: "Not sure" },
        ],
      },
    ],
  },
  {
    service: "housekeeping",
    legend: "About the housekeeping you need",
    messageExample:
      "For example: three housekeepers for a 60-room hotel near Piccadilly, mornings, to cover the summer.",
    questions: [
      {
        key: "premises",
        label: "Kind of premises",
        kind: "choice",
        options: [
          ...choice("Hotel", "Serviced apartments", "Care home", "Private residence", "Other"),
          notSure,
        ],
      },
      { key: "staff", label: "Housekeepers needed", kind: "number", unit: "staff", min: 1, max: 500 },
      {
        key: "hours",
        label: "Hours and days",
        kind: "text",
        hint: "For example, daily, 08:00–14:00.",
      },
      { key: "start", label: "Start date", kind: "date" },
    ],
  },
  {
    service: "warehouse",
    legend: "About the warehouse staff you need",
    messageExample:
      "For example: eight pickers and packers for our Oldham warehouse over the Christmas peak, on day shifts.",
    questions: [
      {
        key: "roles",
        label: "Roles needed",
        kind: "text",
        hint: "For example, pickers and packers, and two forklift drivers.",
      },
      { key: "headcount", label: "Number of workers", kind: "number", unit: "workers", min: 1, max: 1_000 },
      {
        key: "shifts",
        label: "Shifts",
        kind: "choice",
        options: [...choice("Days", "Nights", "Rotating days and nights", "Weekends only"), notSure],
      },
      { key: "start", label: "Start date", kind: "date" },
    ],
  },
  {
    service: "steward",
    legend: "About the stewarding you need",
    messageExample:
      "For example: stewards for a charity 10k run in Heaton Park in May, with about 2,000 runners.",
    questions: [
      {
        key: "event",
        label: "Event",
        kind: "text",
        hint: "For example, a charity 10k run in Heaton Park.",
      },
      { key: "date", label: "Event date", kind: "date" },
      {
        key: "attendance",
        label: "Expected attendance",
        kind: "number",
        unit: "people",
        min: 1,
        max: 1_000_000,
      },
      {
        key: "package",
        label: "Service level",
        kind: "choice",
        options: [...choice("Essential", "Professional Plus", "Premium"), notSure],
        fromPackage: true,
      },
    ],
  },
  {
    service: "maintenance",
    legend: "About the maintenance you need",
    messageExample:
      "For example: planned maintenance and small repairs for a three-storey office in Spinningfields.",
    questions: [
      {
        key: "work",
        label: "Work needed",
        kind: "text",
        hint: "For example, planned maintenance for two office floors.",
      },
      {
        key: "premises",
        label: "Kind of premises",
        kind: "choice",
        options: [...choice("Office", "Retail", "Industrial", "Residential block", "Other"), notSure],
      },
    ],
  },
];

/** A service's questions; none for a service without any ("More than one service", none chosen). */
export function questionsFor(service: string): readonly QuoteQuestion[] {
  return quoteQuestionGroups.find((group) => group.service === service)?.questions ?? [];
}

const dateWords = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** One answer in words: the option's label, the number with its unit, the date in full. */
function answerText(question: QuoteQuestion, value: string | number): string {
  switch (question.kind) {
    case "choice":
      return question.options.find((option) => option.value === value)?.label ?? String(value);
    case "number":
      return `${Number(value).toLocaleString("en-GB")} ${question.unit}`;
    case "date": {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? String(value) : dateWords.format(date);
    }
    case "text":
      return String(value);
  }
}

/**
 * A lead's answers in words, in the order of the service's questions: what every place that shows them
 * reads. An answer to a question the service no longer asks is still shown, under its stored key, so
 * nothing held is hidden from staff or from the person's archive.
 */
export function describeAnswers(service: string, answers: QuoteAnswers | null | undefined): AnswerInWords[] {
  if (!answers) return [];
  const questions = questionsFor(service);
  const asked = questions.flatMap((question) => {
    const value = answers[question.key];
    return value === undefined || value === ""
      ? []
      : [{ question: question.label, answer: answerText(question, value) }];
  });
  const others = Object.entries(answers)
    .filter(([key]) => !questions.some((question) => question.key === key))
    .map(([key, value]) => ({ question: key, answer: String(value) }));
  return [...asked, ...others];
}
