import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any path no route matches: the error screen with status 404. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data(`Page Not Found: ${pathname}`, { status: 404, statusText: `Page Not Found: ${pathname}` });
}

export default function NotFound() {
  return null;
}
