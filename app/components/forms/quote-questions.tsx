import { useEffect, useState } from "react";
import type { QuoteQuestion, QuoteQuestionGroup } from "#core/config/quote-questions.ts";
import type { FormValues } from "#core/forms/form-result.ts";
import { quoteFieldName, quoteTextLimit } from "#core/forms/quote-fields.ts";
import { controlClass, Field } from "~/components/ui/field";

/** The id of one question's control: the contact form's `contact-<field name>`, so its error summary links to it. */
const quoteQuestionId = (service: string, key: string) => `contact-${quoteFieldName(service, key)}`;

/**
 * The chosen service's few questions (core/config/quote-questions.ts), each service's in a fieldset
 * named for it. Without JavaScript every service's are shown, the one a link chose first, and the server
 * reads only the chosen service's. With it only the chosen service's are shown: from the first paint,
 * through a `scripting` media query, and by `hidden` once the page's scripts run, for browsers that do
 * not know that query.
 */
export function QuoteQuestions({
  groups: allGroups,
  chooseAnswer,
  service,
  values,
  problem,
}: {
  /** Every service's questions, as the page gives them (core/forms/form-copy.ts). */
  groups: readonly QuoteQuestionGroup[];
  /** The first option of each question's select. */
  chooseAnswer: string;
  /** The service chosen in the form now. */
  service: string;
  values: FormValues;
  problem: (field: string) => string | undefined;
}) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // The order is the one the page was first drawn in, so choosing a service never moves a group.
  const [groups] = useState(() =>
    [...allGroups].sort((a, b) => Number(b.service === service) - Number(a.service === service)),
  );
  return groups.map((group) => (
    <fieldset
      key={group.service}
      hidden={enhanced && group.service !== service}
      className={
        group.service === service
          ? "grid gap-5 sm:col-span-2 sm:grid-cols-2"
          : "grid gap-5 sm:col-span-2 sm:grid-cols-2 [@media(scripting:enabled)]:hidden"
      }
    >
      <legend className="mb-4 text-lg font-semibold text-navy-900">{group.legend}</legend>
      {group.questions.map((question) => (
        <Question
          key={question.key}
          group={group}
          question={question}
          chooseAnswer={chooseAnswer}
          values={values}
          problem={problem}
        />
      ))}
    </fieldset>
  ));
}

function Question({
  group,
  question,
  chooseAnswer,
  values,
  problem,
}: {
  group: QuoteQuestionGroup;
  question: QuoteQuestion;
  chooseAnswer: string;
  values: FormValues;
  problem: (field: string) => string | undefined;
}) {
  const name = quoteFieldName(group.service, question.key);
  const common = { name, defaultValue: values[name] ?? "", className: controlClass };
  return (
    <Field
      id={quoteQuestionId(group.service, question.key)}
      label={question.label}
      description={question.hint}
      descriptionFirst
      required={question.required}
      error={problem(name)}
    >
      {(control) => {
        switch (question.kind) {
          case "choice":
            return (
              <select {...control} {...common}>
                <option value="">{chooseAnswer}</option>
                {question.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case "number":
            return (
              <span className="flex items-center gap-2">
                <input
                  {...control}
                  {...common}
                  type="number"
                  inputMode="numeric"
                  min={question.min}
                  max={question.max}
                  step={1}
                />
                <span className="shrink-0 text-navy-800">{question.unit}</span>
              </span>
            );
          case "date":
            return <input {...control} {...common} type="date" min="2000-01-01" max="2100-12-31" />;
          case "text":
            return <input {...control} {...common} type="text" maxLength={quoteTextLimit} />;
        }
      }}
    </Field>
  );
}
