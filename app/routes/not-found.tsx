import { data } from "react-router";
import { NotFound } from "~/components/not-found";

/** Any path without a page: the 404 page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
