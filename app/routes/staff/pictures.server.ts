import { data, redirect } from "react-router";
import { formatDate } from "#core/leads/model.ts";
import {
  picturePath,
  picturesPath,
  pictureUrl,
  readableBytes,
  widthsFor,
  wordsFromForm,
} from "#core/pictures/model.ts";
import type { PictureProblems, PictureWordsValues } from "~/components/staff/picture-words";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/pictures";

/** Said to those who may not keep pictures. */
export const mayNotKeepPictures =
  "Pictures are kept by those an administrator allows to edit site content, on the Team page.";

/** What a refused upload shows: the problem, each field's, and the words typed. */
export type UploadRefused = { problem: string; problems: PictureProblems; values: PictureWordsValues };

/** The member of staff, if they may keep pictures (Edit site content); otherwise a 403 page. */
export async function requirePictureEditor(request: Request, context: Route.LoaderArgs["context"]) {
  const staff = await requireStaff(request, context);
  if (!(await staff.pictures.mayEdit(staff.me))) throw data(mayNotKeepPictures, 403);
  return staff;
}

/** Every picture, with a thumbnail's address, its words and size, and what was just done (`?done=`). */
export async function loadPictures({ request, context }: Route.LoaderArgs) {
  const { pictures } = await requirePictureEditor(request, context);
  const asked = new URL(request.url).searchParams.get("done");
  const done: "uploaded" | "deleted" | null = asked === "uploaded" || asked === "deleted" ? asked : null;
  return {
    done,
    pictures: (await pictures.list()).map((picture) => ({
      id: picture.id,
      path: picturePath(picture.id),
      thumbnail: pictureUrl(picture.id, widthsFor(picture.width)[0] ?? picture.width, "webp"),
      alt: picture.alt,
      decorative: picture.decorative,
      dimensions: `${picture.width} × ${picture.height} pixels`,
      size: readableBytes(picture.size),
      uploaded: `${formatDate(picture.uploadedAt)}${picture.uploadedByName ? ` by ${picture.uploadedByName}` : ""}`,
      notScanned: picture.scanStatus === "not-scanned",
    })),
  };
}

/** Uploads a photo with its words: read with busboy, checked, scanned and kept, or refused by field. */
export async function uploadPicture({ request, context }: Route.ActionArgs) {
  const { pictures, me } = await requirePictureEditor(request, context);
  const read = await pictures.readForm(request);
  if (!read.ok) {
    return data(
      {
        problem: read.field ? "Nothing was saved: check the fields marked below." : read.problem,
        problems: read.field ? { [read.field]: read.problem } : {},
        values: { alt: "", decorative: false, focalX: "50", focalY: "50" },
      } satisfies UploadRefused,
      read.status,
    );
  }
  const { fields, file } = read.form;
  const words = wordsFromForm(new Map(Object.entries(fields)));
  const outcome = await pictures.add(me, { content: file?.content ?? null, words });
  if (outcome.ok) throw redirect(`${picturesPath}?done=uploaded#picture-${outcome.id}`, 303);
  const problems: PictureProblems = { ...outcome.problems };
  // A browser never fills a file field again: where the photo itself was fine, say to choose it again.
  if (file && !problems.picture && Object.keys(problems).length > 0) {
    problems.picture = "Choose the photo again: a browser does not keep it after the form comes back.";
  }
  return data(
    {
      problem: outcome.problem,
      problems,
      values: {
        alt: words.alt,
        decorative: words.decorative,
        focalX: String(words.focalX),
        focalY: String(words.focalY),
      },
    } satisfies UploadRefused,
    outcome.status,
  );
}
