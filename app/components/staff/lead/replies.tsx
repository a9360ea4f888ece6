import { Form } from "react-router";
import { type MailState, type Moment, mailProgress } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { Card } from "./card";

/** A reply sent from the workspace; `mailId` and `state` are null once the lead's mail was cleared. */
export type SentReply = {
  id: number;
  author: string;
  subject: string;
  body: string;
  at: Moment;
  sent: Moment | null;
  mailId: number | null;
  state: MailState | null;
  attempts: number;
  lastError: string | null;
};

/** The replies sent from here: who wrote each, when, its words, and where its e-mail stands. */
export function Replies({ replies }: { replies: SentReply[] }) {
  return (
    <Card title="Replies sent" id="replies">
      <ol className="space-y-4">
        {replies.map((reply) => (
          <li key={reply.id} className="space-y-1 rounded-lg bg-sand-50 p-3">
            <p className="text-sm text-navy-700" id={`reply-${reply.id}`}>
              <span className="font-semibold text-navy-900">{reply.author}</span>,{" "}
              <time dateTime={reply.at.iso}>{reply.at.text}</time>: {reply.subject}
            </p>
            <p className="whitespace-pre-wrap break-words">{reply.body}</p>
            {reply.state === "sent" && reply.sent ? (
              <p className="text-sm font-semibold">
                Sent <time dateTime={reply.sent.iso}>{reply.sent.text}</time>
              </p>
            ) : reply.state === "failed" && reply.mailId !== null ? (
              <>
                <p className="text-sm font-semibold text-red-800">
                  {mailProgress({ ...reply, state: "failed" })}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="retry-mail" />
                  <input type="hidden" name="mail" value={reply.mailId} />
                  <Button type="submit" size="sm" aria-describedby={`reply-${reply.id}`}>
                    Send again
                  </Button>
                </Form>
              </>
            ) : reply.state ? (
              <p className="text-sm font-semibold">{mailProgress({ ...reply, state: reply.state })}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
