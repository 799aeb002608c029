import { data } from "react-router";

import { getEnv } from "../lib/env.server";

// Lets the end-to-end tests prove that a loader that throws gives the friendly 500 page and a log
// line. It exists only when E2E_TEST_ROUTES=true; otherwise it is an ordinary 404.
export function loader() {
  if (!getEnv().E2E_TEST_ROUTES) throw data(null, { status: 404 });
  throw new Error("Deliberate failure for the error page test");
}

export default function E2ECrash() {
  return null;
}
