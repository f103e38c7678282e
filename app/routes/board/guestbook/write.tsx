import type { Route } from "./+types/write";
import { ArticleForm } from "#app/components/editor/ArticleForm";
import { WriteRefusal } from "#app/components/posts/PostForm";
import type { GuardName } from "#app/shell/guards";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { loadWriteForm, submitWriteForm } from "../write-form.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];

/** `?id=` edits a guestbook post (its author or an administrator only). */
export async function loader({ request }: Route.LoaderArgs) {
  return loadWriteForm(request, "guestbook");
}

export async function action({ request }: Route.ActionArgs) {
  return submitWriteForm(request, "guestbook");
}

export default function GuestbookWrite({ loaderData, actionData }: Route.ComponentProps) {
  return <ArticleForm data={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <WriteRefusal error={error} />;
}
