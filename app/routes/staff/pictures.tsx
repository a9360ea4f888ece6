import { Form, Link } from "react-router";
import { pictureLimits } from "#core/pictures/model.ts";
import { PictureProblemSummary, PictureWordsFields, pictureFieldId } from "~/components/staff/picture-words";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/pictures";
import { loadPictures, type UploadRefused, uploadPicture } from "./pictures.server";

export function meta() {
  return staffMeta("Pictures");
}

// Who may keep pictures, and the reading of an upload, live in pictures.server.ts.
export async function loader(args: Route.LoaderArgs) {
  return loadPictures(args);
}

export async function action(args: Route.ActionArgs) {
  return uploadPicture(args);
}

const doneWords = {
  uploaded: "The picture is uploaded. It is in the list below.",
  deleted: "The picture is deleted.",
} as const;

export default function Pictures({ loaderData, actionData }: Route.ComponentProps) {
  const { pictures, done } = loaderData;
  const refused = actionData as UploadRefused | undefined;
  const values = refused?.values ?? { alt: "", decorative: false, focalX: "50", focalY: "50" };
  const problems = refused?.problems ?? {};
  return (
    <div className="max-w-5xl space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/staff/content" className="text-accent-800 underline">
            Site content
          </Link>
        </p>
        <h1 className="text-2xl font-bold">Pictures</h1>
        <p className="text-navy-800">
          Photos for the site's pages. Each is served in the sizes pages need, without the camera's details or
          where it was taken, and read by a screen reader as its alt text says.
        </p>
      </div>

      <div role="status">
        {done && !refused && <p className="rounded-lg bg-accent-100 p-3 font-medium">{doneWords[done]}</p>}
      </div>

      <section
        aria-labelledby="upload-heading"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-navy-100"
      >
        <h2 id="upload-heading" className="text-xl font-bold">
          Upload a photo
        </h2>
        {refused && <PictureProblemSummary prefix="upload" problem={refused.problem} problems={problems} />}
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-5"
          aria-labelledby="upload-heading"
        >
          <Field
            id={pictureFieldId("upload", "picture")}
            label="Photo"
            description={`A JPEG, PNG or WebP file, at most ${pictureLimits.maxUploadMb} MB. At least 1600 pixels wide is best for large screens.`}
            error={problems.picture}
            required
          >
            {(control) => (
              <input
                {...control}
                name="picture"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                required
                className="block w-full text-base"
              />
            )}
          </Field>
          <PictureWordsFields prefix="upload" values={values} problems={problems} />
          <Button type="submit">Upload photo</Button>
        </Form>
      </section>

      <section aria-labelledby="list-heading" className="space-y-4">
        <h2 id="list-heading" className="text-xl font-bold">
          {pictures.length === 1 ? "1 picture" : `${pictures.length.toLocaleString("en-GB")} pictures`}
        </h2>
        {pictures.length === 0 ? (
          <p className="text-navy-800">No picture has been uploaded yet.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {pictures.map((picture) => (
              <li
                key={picture.id}
                id={`picture-${picture.id}`}
                className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-navy-100"
              >
                <img
                  src={picture.thumbnail}
                  alt=""
                  width={480}
                  height={320}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full rounded-lg bg-navy-50 object-contain"
                />
                <p className="break-words">
                  {picture.decorative ? (
                    <span className="italic">Decorative (no alt text)</span>
                  ) : (
                    <>
                      <span className="sr-only">Alt text: </span>
                      {picture.alt}
                    </>
                  )}
                </p>
                <p className="text-sm text-navy-700">
                  {picture.dimensions} · {picture.size}
                  {picture.notScanned && " · not virus-scanned"}
                </p>
                <p className="text-sm text-navy-700">Uploaded {picture.uploaded}</p>
                <Link
                  to={picture.path}
                  className="font-semibold text-accent-800 underline"
                  aria-label={`Edit or delete: ${picture.decorative ? "decorative picture" : picture.alt}`}
                >
                  Edit or delete
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
