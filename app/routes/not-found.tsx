import { data } from "react-router";

// Matches any path no other route takes; the root error boundary shows the "still being built" page.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
