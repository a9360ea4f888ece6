import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/** Why nothing is sent to the lead's address: it bounced for good, or its person reported our mail as spam. */
export type BlockedAddress = { kind: "bounce" | "complaint"; reason: string; since: string };

/**
 * Shown while the lead's address is blocked: what the receiving server said, and the two ways out, each
 * one step: correct the address (what can go again, its interview invitations, goes at once) or unblock it.
 */
export function AddressBounced({
  email,
  blocked,
  error,
}: {
  email: string;
  blocked: BlockedAddress;
  error: string | null;
}) {
  return (
    <section
      aria-labelledby="address-bounced-heading"
      className="space-y-3 rounded-xl bg-red-50 p-4 text-red-950 ring-1 ring-red-200"
    >
      <h2 id="address-bounced-heading" className="text-lg font-bold">
        {blocked.kind === "complaint" ? "They reported our e-mail as spam" : "Their e-mail address bounced"}
      </h2>
      <p className="[overflow-wrap:anywhere]">
        Nothing is sent to <strong>{email}</strong> since {blocked.since}
        {blocked.kind === "complaint" ? ": they reported our e-mail as spam." : `: ${blocked.reason}`}
      </p>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="correct-email" />
        <TextField
          id="corrected-email"
          label="Corrected e-mail address"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          error={error ?? undefined}
          description="Check it with them by phone. Interview invitations still to come are sent to it again at once."
        />
        <Button type="submit">Save and send again</Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="unblock-email" />
        <Button type="submit" variant="secondary" size="sm">
          Unblock this address
        </Button>
      </Form>
    </section>
  );
}
