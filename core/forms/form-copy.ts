/**
 * The words of the two forms, as the server gives them to each form (core/forms/form-words.ts says why
 * they are not in the forms' own code). The specification's texts are exact: the labels, the buttons
 * and their states, the right-to-work warning and the network error.
 */
import { quoteQuestionGroups } from "../config/quote-questions.ts";
import { serviceOptions } from "../config/service-list.ts";
import { type CareersFormWords, type ContactFormWords, type FrameWords, fillIn } from "./form-words.ts";
import { niPlaceholder } from "./ni-example.ts";

/** What both forms say around their fields; `subject` is what the problems are with. */
function frameWords(subject: string): FrameWords {
  return {
    trapLabel: "Leave this field empty",
    privacyLead: "How we use your details:",
    privacyLink: "read our privacy notice",
    networkError: "Network error. Please try again or contact us directly.",
    stillSaving: "Still saving: this can take up to half a minute. Please keep this page open.",
    manyProblems: `There are {count} problems with ${subject}:`,
  };
}

/** The "Send Us a Message" form's words; `replyWithin` is how soon we answer ("24 hours"). */
export function contactFormWords(replyWithin: string): ContactFormWords {
  return {
    frame: frameWords("your message"),
    heading: "Send Us a Message",
    intro: fillIn(
      "Tell us what you need and we will come back to you within {replyWithin}. Fields marked * are required.",
      {
        replyWithin,
      },
    ),
    formLabel: "Send us a message",
    firstName: { label: "First Name" },
    lastName: { label: "Last Name" },
    email: { label: "Email Address", placeholder: "e.g. name@company.co.uk" },
    phone: { label: "Phone Number", placeholder: "e.g. 0161 496 0000" },
    company: { label: "Company Name" },
    service: { label: "Service Required", none: "Select a service", options: serviceOptions },
    message: {
      label: "Message",
      placeholder:
        "e.g. An evening office clean for 40 desks in Salford, five nights a week, from next month.",
    },
    quote: { groups: quoteQuestionGroups, chooseAnswer: "Choose an answer" },
    send: "Send Message",
    sending: "Sending...",
  };
}

/** The "Job Application" form's words; `maxUploadMb` is the largest file we take, in MB. */
export function careersFormWords(maxUploadMb: number): CareersFormWords {
  return {
    frame: frameWords("your application"),
    heading: "Job Application",
    applyingFor: "Applying for:",
    reference: "(reference {reference})",
    intro:
      "It takes about five minutes. Have your CV ready as a PDF or Word document. Fields marked * are required.",
    formLabel: "Job application",
    sections: {
      personal: "Personal Information",
      additional: "Additional Information",
      rightToWork: "Right to Work",
      documents: "Documents",
    },
    firstName: { label: "First Name" },
    lastName: { label: "Last Name" },
    email: { label: "Email Address", placeholder: "e.g. name@example.co.uk" },
    phone: { label: "Phone Number", placeholder: "e.g. 07700 900000" },
    address: { label: "Address", hint: "Your home address, with the postcode." },
    hasCarQuestion: "Do you have a car?",
    hasUKLicense: "Do you hold a full UK driving licence?",
    rightToWork: "Do you have the right to work in the UK?",
    yesNo: [
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ],
    rightToWorkWarning:
      "Unfortunately, you must have the right to work in the UK to apply for positions with us.",
    niNumber: {
      label: "National Insurance Number",
      hint: "Two letters, six numbers and a final letter, as on your payslip or P60.",
      placeholder: niPlaceholder,
    },
    resume: { label: "CV / Resume", hint: "PDF, DOC or DOCX." },
    otherDocuments: { label: "Other Documents (optional)", hint: "PDF, DOC, DOCX, JPG or PNG." },
    sizeHelp: fillIn("Maximum file size: {maxUploadMb}MB.", { maxUploadMb }),
    chooseAgain:
      "Please choose this file again: for your security, browsers never keep a chosen file when a form comes back.",
    selected: "Selected:",
    submit: "Submit Application",
    submitting: "Submitting Application...",
    blocked: "Cannot Submit - Right to Work Required",
  };
}

/** The error summary's heading elsewhere (the applicant's own page), as the forms word it. */
export function manyProblemsWith(subject: string): string {
  return frameWords(subject).manyProblems;
}
