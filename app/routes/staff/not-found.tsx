import { data } from "react-router";

/** A workspace path nobody has a page for: the layout's sign-in check runs first, then a 404. */
export function loader() {
  throw data("Not found", 404);
}

export default function StaffNotFound() {
  return null;
}
