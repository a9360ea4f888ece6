import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * An applicant's National Insurance number, masked until someone reveals it; the action asks for a
 * recent passkey first, and every reveal is recorded, so the page says so beside the button.
 */
export function NiNumber({ masked, revealed }: { masked: string; revealed: string | undefined }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-base">{revealed ?? masked}</span>
        {!revealed && (
          <Form method="post">
            <input type="hidden" name="intent" value="reveal" />
            <Button type="submit" variant="secondary" size="sm" aria-describedby="reveal-help">
              Reveal
            </Button>
          </Form>
        )}
      </span>
      <span id="reveal-help" className="mt-1 block text-sm text-navy-700">
        {revealed
          ? "You revealed this number; it is recorded on the timeline."
          : "Each reveal is recorded on the timeline."}
      </span>
    </>
  );
}
