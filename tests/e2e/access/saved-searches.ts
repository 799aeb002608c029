import { all, type Manifest, signedIn } from "./types";

// Saved searches belong to any signed-in account; the unsubscribe link works for anyone holding a real one.
export const savedSearches: Manifest = {
  "saved-searches": [
    { expect: signedIn(200, 302) },
    // Someone else's (or no) saved search: 404, as the API says.
    { method: "POST", form: { intent: "delete", id: "999999" }, expect: signedIn(404, 302) },
  ],
  "saved-searches/new": [
    { url: "/saved-searches/new?query=postcode%3DLE1%26radius%3D5", expect: signedIn(200, 302) },
    { url: "/saved-searches/new", expect: signedIn(400, 302) },
    // Signed out, the save goes to the login page and comes back to finish.
    { method: "POST", form: { query: "postcode=LE1", name: "Near", frequency: "hourly" }, expect: signedIn(400, 302) },
  ],
  "alerts/unsubscribe": [
    { url: "/alerts/unsubscribe?token=1-not-a-real-signature", expect: all(400) },
    { method: "POST", url: "/alerts/unsubscribe?token=1-not-a-real-signature", expect: all(400) },
  ],
  "api/v1/saved-searches": [
    { expect: signedIn(200, 401) },
    { method: "POST", data: { name: "Near" }, expect: signedIn(400, 401) },
  ],
  "api/v1/saved-searches/:id": [
    { url: "/api/v1/saved-searches/999999", expect: signedIn(404, 401) },
    { method: "PUT", url: "/api/v1/saved-searches/999999", data: {}, expect: signedIn(400, 401) },
    { method: "DELETE", url: "/api/v1/saved-searches/999999", expect: signedIn(404, 401) },
    { method: "POST", url: "/api/v1/saved-searches/999999", expect: all(405) },
  ],
};
