import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

/** Who on the team looks after the lead; `owner` is their id, null for nobody. */
export function OwnerForm({ owner, team }: { owner: number | null; team: { id: number; name: string }[] }) {
  return (
    <Form
      method="post"
      key={owner ?? "nobody"}
      className="flex flex-wrap items-end gap-3 border-t border-navy-100 pt-4"
    >
      <input type="hidden" name="intent" value="assign" />
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor="lead-owner" className="text-sm font-semibold">
          Owner
        </label>
        <select id="lead-owner" name="owner" defaultValue={owner ?? ""} className={controlClass}>
          <option value="">Nobody</option>
          {team.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Assign
      </Button>
    </Form>
  );
}
