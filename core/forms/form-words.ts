/**
 * The shapes of the words the two forms show, and nothing of the words themselves. The forms are islands
 * (docs/decisions/027-islands-on-prerendered-pages.md): the server draws them and passes their words as
 * props, which travel in the page beside the form, so a form's script carries none of the site's copy
 * and changing a word changes no script. The words are in core/forms/form-copy.ts.
 */
import type { QuoteQuestionGroup } from "../config/quote-questions.ts";

/** One choice of a select or a group of radio buttons. */
export type Option = { value: string; label: string };

/** A text field's label and, where it has one, its example. */
export type FieldWords = { label: string; placeholder?: string; hint?: string };

/** What both forms say around their fields: the trap, the privacy notice, the banner, a slow send. */
export type FrameWords = {
  /** The hidden trap's label, which people never see. */
  trapLabel: string;
  privacyLead: string;
  privacyLink: string;
  /** A request that failed, or a reply that could not be read. */
  networkError: string;
  /** A send that takes longer than a moment (a failover being waited through). */
  stillSaving: string;
  /** The error summary's heading when several fields have problems: "{count}" is filled in. */
  manyProblems: string;
};

/**
 * The confirmation shown where a form was, once the server has stored what was sent: "{email}" and
 * "{reference}" are filled in from the server's receipt.
 */
export type ReceiptWords = {
  heading: string;
  referenceLabel: string;
  /** Where the acknowledgement went: "{email}" is filled in. */
  emailSent: string;
  nextHeading: string;
  /** What happens next and when, one paragraph each. */
  next: readonly string[];
  /** The link to the applicant's own page, and a line under it. */
  page?: { link: string; hint: string };
  /** An offer of job alerts: a sentence and the link to sign up. */
  alerts?: { lead: string; link: string; href: string };
  /** The button that opens the cleared form again. */
  again: string;
};

export type ContactFormWords = {
  frame: FrameWords;
  heading: string;
  /** The sentence under the heading, with the reply time already in it. */
  intro: string;
  formLabel: string;
  firstName: FieldWords;
  lastName: FieldWords;
  email: FieldWords;
  phone: FieldWords;
  company: FieldWords;
  service: FieldWords & { none: string; options: readonly Option[] };
  message: FieldWords;
  /** Each service's quote questions, and the first option of each of their selects. */
  quote: { groups: readonly QuoteQuestionGroup[]; chooseAnswer: string };
  send: string;
  sending: string;
  receipt: ReceiptWords;
};

export type CareersFormWords = {
  frame: FrameWords;
  heading: string;
  /** Before a vacancy's title, on its page. */
  applyingFor: string;
  /** After the title: "{reference}" is filled in. */
  reference: string;
  intro: string;
  formLabel: string;
  sections: { personal: string; additional: string; rightToWork: string; documents: string };
  firstName: FieldWords;
  lastName: FieldWords;
  email: FieldWords;
  phone: FieldWords;
  address: FieldWords;
  hasCarQuestion: string;
  hasUKLicense: string;
  rightToWork: string;
  yesNo: readonly Option[];
  rightToWorkWarning: string;
  niNumber: FieldWords;
  resume: FieldWords;
  otherDocuments: FieldWords;
  /** Beside each file field: the largest file, with its size filled in. */
  sizeHelp: string;
  /** Beside a file field when a post without JavaScript came back: no browser refills a file input. */
  chooseAgain: string;
  /** Before the chosen file's name. */
  selected: string;
  submit: string;
  submitting: string;
  blocked: string;
  receipt: ReceiptWords;
};

/** A sentence of the site's words with its "{name}" places filled in. */
export function fillIn(sentence: string, values: Record<string, string | number>): string {
  return sentence.replace(/\{(\w+)\}/g, (place, name: string) =>
    name in values ? String(values[name]) : place,
  );
}
