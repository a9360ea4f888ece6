import { Form } from "react-router";
import {
  bounceWords,
  type LeadStatus,
  type MailPurpose,
  type MailState,
  type Moment,
  mailProgress,
  mailPurposeLabels,
} from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { Card } from "./card";

/** One of the lead's messages in the delivery queue: an e-mail, or a post to one of our webhooks. */
export type QueuedMail = {
  id: number;
  channel: string;
  purpose: MailPurpose;
  to: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  sent: Moment | null;
  /** What a bounce read back said of it, or null. */
  bounce: { kind: string; reason: string } | null;
};

/** Every message queued for the lead and where each stands, so a failed one can be sent again. */
export function MailDelivery({ lead }: { lead: { status: LeadStatus; mails: QueuedMail[] } }) {
  return (
    <Card title="E-mails" id="mails">
      {lead.mails.length === 0 ? (
        <p>
          {lead.status === "spam"
            ? "No e-mails: spam is never mailed."
            : "No e-mails were queued for this lead."}
        </p>
      ) : (
        <ul className="space-y-3">
          {lead.mails.map((mail) => (
            <li key={mail.id} className="space-y-1 border-t border-navy-100 pt-2">
              <p id={`mail-${mail.id}`}>
                <span className="font-semibold">
                  {mail.channel === "webhook" ? "Webhook" : mailPurposeLabels[mail.purpose]}
                </span>{" "}
                <span className="break-words text-navy-700">to {mail.to}</span>
              </p>
              {mail.state === "not-delivered" && mail.bounce ? (
                <p className="font-semibold text-red-800 [overflow-wrap:anywhere]">
                  <strong>Not delivered</strong>: {bounceWords(mail.bounce)}
                </p>
              ) : mail.state === "sent" && mail.sent ? (
                <>
                  <p>
                    Sent <time dateTime={mail.sent.iso}>{mail.sent.text}</time>
                  </p>
                  {mail.bounce && (
                    <p className="text-navy-800 [overflow-wrap:anywhere]">{bounceWords(mail.bounce)}</p>
                  )}
                </>
              ) : mail.state === "failed" ? (
                <>
                  <p className="font-semibold text-red-800">{mailProgress(mail)}</p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-mail" />
                    <input type="hidden" name="mail" value={mail.id} />
                    <Button type="submit" size="sm" aria-describedby={`mail-${mail.id}`}>
                      Send again
                    </Button>
                  </Form>
                </>
              ) : (
                <p>{mailProgress(mail)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
