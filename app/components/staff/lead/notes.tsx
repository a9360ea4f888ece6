import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { type Moment, noteMaxLength } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { Card } from "./card";

/** A note a member of staff left on the lead. */
export type LeadNote = { id: number; author: string; body: string; at: Moment };

/** The team's notes on the lead, and the box for the next one. */
export function Notes({ lead, justAdded }: { lead: { notes: LeadNote[] }; justAdded: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Once a note is saved, the box is emptied for the next one.
  useEffect(() => {
    if (justAdded && navigation.state === "idle") form.current?.reset();
  }, [justAdded, navigation.state]);
  return (
    <Card title="Notes" id="notes">
      {lead.notes.length === 0 ? (
        <p className="text-navy-700">No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-sand-50 p-3">
              <p className="text-sm text-navy-700">
                <span className="font-semibold text-navy-900">{note.author}</span>,{" "}
                <time dateTime={note.at.iso}>{note.at.text}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" ref={form} className="space-y-3">
        <input type="hidden" name="intent" value="note" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="note" className="text-sm font-semibold">
            Note
          </label>
          <textarea
            id="note"
            name="note"
            rows={3}
            required
            maxLength={noteMaxLength}
            className={controlClass}
          />
        </div>
        <Button type="submit" size="sm">
          Add a note
        </Button>
      </Form>
    </Card>
  );
}
