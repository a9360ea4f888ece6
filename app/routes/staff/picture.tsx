import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { objectPosition, picturesPath } from "#core/pictures/model.ts";
import { PictureProblemSummary, PictureWordsFields, pictureFieldId } from "~/components/staff/picture-words";
import { Button } from "~/components/ui/button";
import { LibraryPicture } from "~/components/ui/library-picture";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/picture";
import { actOnPicture, loadPicture, type PictureRefused } from "./picture.server";

export function meta() {
  return staffMeta("Edit a picture");
}

// Who may keep pictures, and what a save or a deletion does, live in picture.server.ts.
export async function loader(args: Route.LoaderArgs) {
  return loadPicture(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnPicture(args);
}

/** Sets the focal point's two fields from a click on the picture: with JavaScript only, beside them. */
function pickFocalPoint(event: React.MouseEvent<HTMLButtonElement>) {
  const box = event.currentTarget.getBoundingClientRect();
  const across = Math.round(((event.clientX - box.left) / box.width) * 100);
  const down = Math.round(((event.clientY - box.top) / box.height) * 100);
  const clamp = (value: number) => String(Math.min(100, Math.max(0, value)));
  const form = event.currentTarget.form;
  const x = form?.elements.namedItem("focalX");
  const y = form?.elements.namedItem("focalY");
  if (x instanceof HTMLInputElement) x.value = clamp(across);
  if (y instanceof HTMLInputElement) y.value = clamp(down);
}

export default function PicturePage({ loaderData, actionData }: Route.ComponentProps) {
  const { picture, facts, saved } = loaderData;
  const refused = actionData as PictureRefused | undefined;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const values = refused?.values ?? {
    alt: picture.alt,
    decorative: picture.decorative,
    focalX: String(picture.focalX),
    focalY: String(picture.focalY),
  };
  const name = picture.decorative ? "A decorative picture" : picture.alt;
  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-2">
        <p>
          <Link to={picturesPath} className="text-accent-800 underline">
            Pictures
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{name}</h1>
        <p className="text-navy-800">
          {facts.dimensions} · {facts.size} · {facts.type} · uploaded {facts.uploaded} ·{" "}
          {facts.scanned ? "virus-scanned" : "not virus-scanned (no scanner was configured)"}
        </p>
      </div>

      <div role="status">
        {saved && !refused && (
          <p className="rounded-lg bg-accent-100 p-3 font-medium">
            Saved. Pages that show the picture use the new words and focal point when they are next drawn.
          </p>
        )}
      </div>
      {refused && (
        <PictureProblemSummary prefix="edit" problem={refused.problem} problems={refused.problems} />
      )}

      <section aria-labelledby="crops-heading" className="space-y-3">
        <h2 id="crops-heading" className="text-xl font-bold">
          How pages crop it
        </h2>
        <p className="text-navy-800">
          The focal point ({objectPosition(picture)}) stays in view in a wide box and in a square one.
        </p>
        <div className="grid grid-cols-[2fr_1fr] items-start gap-4">
          <LibraryPicture
            picture={picture}
            sizes="(min-width: 64rem) 40rem, 66vw"
            className="aspect-video rounded-lg object-cover"
          />
          <LibraryPicture
            picture={picture}
            sizes="(min-width: 64rem) 20rem, 33vw"
            className="aspect-square rounded-lg object-cover"
          />
        </div>
      </section>

      <section
        aria-labelledby="words-heading"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-navy-100"
      >
        <h2 id="words-heading" className="text-xl font-bold">
          Words and focal point
        </h2>
        <Form
          method="post"
          className="space-y-5"
          aria-labelledby="words-heading"
          key={saved ? "saved" : "editing"}
        >
          <input type="hidden" name="intent" value="save" />
          {hydrated && (
            <div className="space-y-1">
              <p id={pictureFieldId("edit", "pick-help")} className="text-sm text-navy-700">
                Click the subject in the picture to set the focal point, or type it below.
              </p>
              <button
                type="button"
                onClick={pickFocalPoint}
                aria-describedby={pictureFieldId("edit", "pick-help")}
                className="block w-full max-w-md cursor-crosshair rounded-lg ring-1 ring-navy-200"
              >
                <LibraryPicture
                  picture={{ ...picture, alt: "", decorative: true }}
                  sizes="28rem"
                  className="rounded-lg"
                />
                <span className="sr-only">Set the focal point where you click</span>
              </button>
            </div>
          )}
          <PictureWordsFields prefix="edit" values={values} problems={refused?.problems ?? {}} />
          <Button type="submit">Save words and focal point</Button>
        </Form>
      </section>

      <section
        aria-labelledby="delete-heading"
        className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-navy-100"
      >
        <h2 id="delete-heading" className="text-xl font-bold">
          Delete
        </h2>
        <p className="text-navy-800">
          A picture no page uses can be deleted. Browsers that showed it may keep their copy a while.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="danger">
            Delete this picture
          </Button>
        </Form>
      </section>
    </div>
  );
}
