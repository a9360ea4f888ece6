import { data, redirect } from "react-router";
import { formatDate } from "#core/leads/model.ts";
import {
  pictureIdPattern,
  picturePath,
  picturesPath,
  readableBytes,
  wordsFromForm,
} from "#core/pictures/model.ts";
import type { PictureProblems, PictureWordsValues } from "~/components/staff/picture-words";
import { staffForm } from "~/lib/staff/form.server";
import type { Route } from "./+types/picture";
import { requirePictureEditor } from "./pictures.server";

/** What a refused change shows: the problem, each field's, and the words typed. */
export type PictureRefused = {
  problem: string;
  problems: PictureProblems;
  values: PictureWordsValues | null;
};

/** One picture with its words, for its page; 404 when there is none. */
export async function loadPicture({ request, context, params }: Route.LoaderArgs) {
  const { pictures } = await requirePictureEditor(request, context);
  const picture = pictureIdPattern.test(params.id) ? await pictures.find(params.id) : null;
  if (!picture) throw data("There is no such picture: it may have been deleted.", 404);
  return {
    saved: new URL(request.url).searchParams.get("done") === "saved",
    picture: {
      id: picture.id,
      width: picture.width,
      height: picture.height,
      alt: picture.alt,
      decorative: picture.decorative,
      focalX: picture.focalX,
      focalY: picture.focalY,
    },
    facts: {
      dimensions: `${picture.width} × ${picture.height} pixels`,
      size: readableBytes(picture.size),
      type: picture.contentType,
      uploaded: `${formatDate(picture.uploadedAt)}${picture.uploadedByName ? ` by ${picture.uploadedByName}` : ""}`,
      scanned: picture.scanStatus === "clean",
    },
  };
}

/** Saves the picture's words and focal point, or deletes it (when no page uses it). */
export async function actOnPicture({ request, context, params }: Route.ActionArgs) {
  const { pictures, me } = await requirePictureEditor(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    const outcome = await pictures.remove(me, params.id);
    if (outcome.ok) throw redirect(`${picturesPath}?done=deleted`, 303);
    return data(
      { problem: outcome.problem, problems: {}, values: null } satisfies PictureRefused,
      outcome.status,
    );
  }
  if (intent !== "save") {
    return data(
      {
        problem: "That is not something this page does.",
        problems: {},
        values: null,
      } satisfies PictureRefused,
      400,
    );
  }
  const words = wordsFromForm(form);
  const outcome = await pictures.edit(me, params.id, words);
  if (outcome.ok) throw redirect(`${picturePath(params.id)}?done=saved`, 303);
  return data(
    {
      problem: outcome.problem,
      problems: outcome.problems,
      values: {
        alt: words.alt,
        decorative: words.decorative,
        focalX: String(words.focalX),
        focalY: String(words.focalY),
      },
    } satisfies PictureRefused,
    outcome.status,
  );
}
