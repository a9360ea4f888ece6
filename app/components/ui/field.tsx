import type * as React from "react";
import { cn } from "~/lib/cn";

/** The attributes a control needs so its label, help text and error are announced with it. */
export type ControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FieldProps = {
  id: string;
  label: React.ReactNode;
  /** Help text shown under the control and read with it. */
  description?: React.ReactNode;
  /** A problem with the value, shown under the control and read with it. */
  error?: string | null;
  required?: boolean;
  /** The help text between the label and the control, as a hint that must be read before answering. */
  descriptionFirst?: boolean;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
};

/** One form field: wires label, description, error, aria-invalid and aria-describedby to its control. */
export function Field({
  id,
  label,
  description,
  error,
  required,
  descriptionFirst = false,
  className,
  children,
}: FieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const hint = description && (
    <p id={descriptionId} className="text-sm text-navy-700">
      {description}
    </p>
  );
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      {descriptionFirst && hint}
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {!descriptionFirst && hint}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** A field's problem, under it, marked so it reads as an error without relying on its colour. */
function FieldError({ id, children }: { id: string | undefined; children: React.ReactNode }) {
  return (
    <p id={id} className="flex gap-1.5 text-sm font-semibold text-red-800">
      <span aria-hidden="true">!</span>
      <span>
        <span className="sr-only">Error: </span>
        {children}
      </span>
    </p>
  );
}

/** A labelled single-line input: `Field` around an `<input>` with the shared look. */
export function TextField({
  id,
  label,
  description,
  error,
  required,
  className,
  ...input
}: Omit<React.ComponentProps<"input">, "id" | "className" | "children"> & Omit<FieldProps, "children">) {
  return (
    <Field
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      className={className}
    >
      {(control) => <input {...control} {...input} required={required} className={controlClass} />}
    </Field>
  );
}

/**
 * The look shared by radio buttons and check boxes: the brand's colour, at the size of the GOV.UK design
 * system's (40 px), each in a label at least 44 px tall, so label and box are one large target.
 */
export const choiceLabelClass = "flex min-h-11 items-center gap-3 text-base text-navy-900";
export const choiceInputClass = "size-10 shrink-0 accent-accent-700";

/** The look shared by text inputs, selects and text areas. */
export const controlClass =
  "w-full rounded-lg border border-navy-300 bg-white px-3 py-2.5 text-base text-navy-900 placeholder:text-placeholder focus:border-accent-700 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

type ChoiceProps = {
  /** The group's id; each option's is `${id}-${value}`. */
  id: string;
  name: string;
  legend: React.ReactNode;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  /** Controlled: the chosen value, with onChange. */
  value?: string;
  onChange?: (value: string) => void;
  /** Uncontrolled: the value chosen to start with. */
  defaultValue?: string;
  describedBy?: string;
  error?: string | null;
};

/** A group of radio buttons under one question (a fieldset with its legend), with its problem if any. */
export function Choice({
  id,
  name,
  legend,
  options,
  required,
  value,
  onChange,
  defaultValue,
  describedBy,
  error,
}: ChoiceProps) {
  const errorId = error ? `${id}-error` : undefined;
  const described = [describedBy, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset id={id} aria-describedby={described}>
      <legend className="text-sm font-semibold text-navy-900">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className="mt-2 flex gap-6">
        {options.map((option) => (
          <label key={option.value} className={choiceLabelClass}>
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              required={required}
              aria-invalid={error ? true : undefined}
              className={choiceInputClass}
              {...(onChange
                ? { checked: value === option.value, onChange: () => onChange(option.value) }
                : { defaultChecked: defaultValue === option.value })}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
