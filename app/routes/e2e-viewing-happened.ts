import { data } from "react-router";

import { getEnv } from "../lib/env.server";
import { parseId } from "../lib/ids";
import { moveViewingToYesterday } from "../modules/viewings/e2e-clock.server";
import type { Route } from "./+types/e2e-viewing-happened";

// Lets the end-to-end journey record feedback after a viewing (slots are tomorrow at the earliest) by moving
// the viewing to yesterday. It exists only when E2E_TEST_ROUTES=true; otherwise it is an ordinary 404.
export async function action({ params }: Route.ActionArgs) {
  if (!getEnv().E2E_TEST_ROUTES) throw data(null, { status: 404 });
  const id = parseId(params.id);
  if (!id || !(await moveViewingToYesterday(id))) throw data(null, { status: 404 });
  return Response.json({ moved: id });
}

export function loader() {
  throw data(null, { status: 404 });
}
