import { notFound } from "#app/shell/input.server";

/** Any path no route matches: the error screen with status 404. */
export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
