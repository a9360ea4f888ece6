import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { replyLimits } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

/**
 * The reply, written here and sent from the company's address through the delivery queue (Reply-To the
 * company's inbox), or, for those who prefer their own mail program, a mailto: link.
 */
export function ReplyForm({
  subject,
  mailto,
  disabled,
  justSent,
}: {
  subject: string;
  mailto: string;
  disabled: boolean;
  justSent: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Once a reply is queued, the box is emptied so it is not sent twice by mistake.
  useEffect(() => {
    if (justSent && navigation.state === "idle") form.current?.reset();
  }, [justSent, navigation.state]);
  return (
    <section aria-labelledby="reply-heading" className="space-y-3 border-t border-navy-100 pt-4">
      <h3 id="reply-heading" className="font-bold">
        Reply
      </h3>
      {disabled ? (
        <p className="text-sm text-navy-700">
          Spam is never mailed. Change the status first if this lead is genuine.
        </p>
      ) : (
        <Form method="post" ref={form} className="space-y-3">
          <input type="hidden" name="intent" value="reply" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="reply-subject" className="text-sm font-semibold">
              Subject
            </label>
            <input
              id="reply-subject"
              name="subject"
              defaultValue={subject}
              required
              maxLength={replyLimits.subject}
              className={controlClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="reply-body" className="text-sm font-semibold">
              Message
            </label>
            <textarea
              id="reply-body"
              name="body"
              rows={6}
              required
              maxLength={replyLimits.body}
              aria-describedby="reply-help"
              className={controlClass}
            />
            <p id="reply-help" className="text-sm text-navy-700">
              Sent from our company address with your name below it; their answer comes back to our inbox. A
              New lead moves to Contacted.
            </p>
          </div>
          <Button type="submit">Send reply</Button>
        </Form>
      )}
      <p className="text-sm">
        Prefer your own mail program?{" "}
        <a href={mailto} className="font-semibold text-accent-800 underline">
          Reply by e-mail
        </a>
      </p>
    </section>
  );
}
