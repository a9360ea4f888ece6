/**
 * The words of the two forms, as the server gives them to each form (core/forms/form-words.ts says why
 * they are not in the forms' own code). The specification's texts are exact: the labels, the buttons
 * and their states, the right-to-work warning and the network error.
 */
import { alertPaths } from "../alerts/model.ts";
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
      hint: "Tell us what you need, where, how often and from when.",
    },
    quote: { groups: quoteQuestionGroups, chooseAnswer: "Choose an answer" },
    send: "Send Message",
    sending: "Sending...",
    receipt: {
      heading: "We have your enquiry",
      referenceLabel: "Your reference",
      emailSent: "We've sent an e-mail to {email} to confirm we have it.",
      nextHeading: "What happens next",
      next: [
        fillIn(
          "The right person in our team reads it and replies within {replyWithin}, by e-mail or by phone if you gave us a number.",
          { replyWithin },
        ),
        "If you need to add anything, reply to our e-mail and quote your reference.",
      ],
      again: "Send another message",
    },
  };
}

/**
 * The "Job Application" form's words; `maxUploadMb` is the largest file we take, in MB, and
 * `replyWithin` how soon we are in touch ("24 hours").
 */
export function careersFormWords(maxUploadMb: number, replyWithin: string): CareersFormWords {
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
    receipt: {
      heading: "Your application is with us",
      referenceLabel: "Your reference",
      emailSent: "We've sent an e-mail to {email} to confirm it.",
      nextHeading: "What happens next",
      next: [
        fillIn(
          "Someone in our recruitment team reads your application and gets in touch within {replyWithin}, by e-mail or phone.",
          { replyWithin },
        ),
        "When anything changes, we e-mail you, and your own page shows it.",
      ],
      page: {
        link: "See your application",
        hint: "Your own page shows where your application stands. From it you can replace your CV or withdraw. The link is personal to you, and our e-mail has it too.",
      },
      alerts: {
        lead: "Want to hear about new jobs as soon as we publish them?",
        link: "Get job alerts by e-mail",
        href: alertPaths.signUp,
      },
      again: "Send another application",
    },
  };
}

/** The error summary's heading elsewhere (the applicant's own page), as the forms word it. */
export function manyProblemsWith(subject: string): string {
  return frameWords(subject).manyProblems;
}
