import { data } from "react-router";

import { loadAsDocument, withoutReact } from "../lib/hydration";

// Matches any path no other route takes; the root error boundary shows the "still being built" page.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

// Nothing here needs React: the page is sent without it (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export default function NotFound() {
  return null;
}
