import type { ServerResponse } from "node:http";
import type { NextFunction, Response } from "express";
import type { FormValues, RefusedForm } from "#core/forms/form-result.ts";

/**
 * A refused post made without JavaScript comes back as the form's own page, with every value typed and
 * each problem next to its field, rendered at once in answer to the post (docs/decisions/009): nothing
 * typed is put in a URL or kept on the server. The handlers note what they read as they read it; when
 * they refuse a browser's post they hand it on to React Router, mounted after them, whose form routes
 * read it from the load context.
 */

/** What the handlers learned of a post before refusing it: the values typed and each field's problem. */
export type TypedForm = {
  values: FormValues | null;
  fields: Record<string, string>;
  /** The file fields in which a file was sent. */
  files?: string[];
  /** The page the form was sent from when it is not the form's own (a vacancy's page), to return to. */
  page?: { path: string; anchor: string };
};

/** An empty record, filled in by the form readers. */
export function typedForm(): TypedForm {
  return { values: null, fields: {} };
}

/** The text values of the form's own fields, as typed; files, the trap and anything unknown are left out. */
export function typedValues(record: Record<string, unknown>, names: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const name of names) {
    const value = record[name];
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

type Locals = { refusedForm?: RefusedForm };

/** Answers a browser's refused post with the form's page, which React Router renders next. */
export function answerWithPage(res: Response, next: NextFunction, refused: RefusedForm): void {
  // The page holds what the visitor typed: never kept by a cache.
  res.setHeader("Cache-Control", "no-store");
  (res.locals as Locals).refusedForm = refused;
  next();
}

/** The refused post this response answers, for React Router's load context; null for any other request. */
export function refusedFormOf(res: ServerResponse): RefusedForm | null {
  return (res as ServerResponse & { locals?: Locals }).locals?.refusedForm ?? null;
}
