import { all, type Fixtures, type Manifest, signedIn } from "./types";

/** The id of the n-th featured (listed) demo home. */
async function listedId({ clients }: Fixtures, n: number) {
  const featured = (await (await clients.anonymous.get("/api/v1/properties/featured")).json()) as {
    data: { id: number }[];
  };
  return featured.data[n]!.id;
}

/** Saved homes belong to any signed-in account; a save sent signed out goes to log in first. */
export const shortlist: Manifest = {
  "my-home-search": [{ expect: signedIn(200, 302) }],
  "saved-homes": [
    { expect: signedIn(200, 302) },
    // Not a home: signed in, back to the page with an error toast; signed out, to log in first.
    { method: "POST", form: { intent: "save", propertyId: "999999", returnTo: "/view-properties" }, expect: all(302) },
    { method: "POST", form: { intent: "nonsense" }, expect: all(400) },
  ],
  "saved-homes/new": [
    { url: async (f) => `/saved-homes/new?propertyId=${await listedId(f, 0)}`, expect: signedIn(200, 302) },
    { url: "/saved-homes/new?propertyId=999999", expect: signedIn(404, 302) },
  ],
  "api/v1/shortlist": [{ expect: signedIn(200, 401) }, { method: "POST", expect: all(405) }],
  "api/v1/shortlist/:propertyId": [
    { method: "PUT", url: async (f) => `/api/v1/shortlist/${await listedId(f, 1)}`, expect: signedIn(201, 401) },
    { method: "PUT", url: async (f) => `/api/v1/shortlist/${await listedId(f, 1)}`, expect: signedIn(200, 401) },
    { method: "DELETE", url: async (f) => `/api/v1/shortlist/${await listedId(f, 1)}`, expect: signedIn(204, 401) },
    { method: "DELETE", url: async (f) => `/api/v1/shortlist/${await listedId(f, 1)}`, expect: signedIn(404, 401) },
    { method: "PUT", url: "/api/v1/shortlist/999999", expect: signedIn(404, 401) },
    { url: "/api/v1/shortlist/1", expect: all(405) },
  ],
};
