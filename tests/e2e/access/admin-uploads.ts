import { adminOnlyApi, all, type Fixtures, type Manifest } from "./types";

/** A listed demo home: its id and the address of one of its photos. */
async function demoProject({ clients }: Fixtures) {
  const bookings = (await (await clients.anonymous.get("/api/v1/bookings")).json()) as {
    id: number;
    images: { url: string }[];
  }[];
  return bookings[0]!;
}

const adminRedirect = { anonymous: 302, vendorA: 403, vendorB: 403, buyer: 403, admin: 302 };

export const adminUploads: Manifest = {
  "admin-property-details/:projectId/media": [
    {
      url: async (f) => `/admin-property-details/${(await demoProject(f)).id}/media?section=images`,
      expect: adminRedirect,
    },
    // An unknown intent changes nothing: back to the tab with an error toast.
    {
      url: async (f) => `/admin-property-details/${(await demoProject(f)).id}/media`,
      method: "POST",
      form: { intent: "nothing" },
      expect: adminRedirect,
    },
  ],
  "media/*": [
    { url: async (f) => new URL((await demoProject(f)).images[0]!.url).pathname, expect: all(200) },
    { url: "/media/images/0123456789abcdef01234567.webp", expect: all(404) },
    { url: "/media/..%2fsession-secret", expect: all(404) },
  ],
  "api/v1/admin/projects/:id/upload": [
    { url: "/api/v1/admin/projects/1/upload", expect: all(405) },
    // JSON is not an upload: only an admin gets that far.
    {
      url: async (f) => `/api/v1/admin/projects/${(await demoProject(f)).id}/upload?section=images`,
      method: "PUT",
      data: {},
      expect: { ...adminOnlyApi, admin: 415 },
    },
    {
      url: "/api/v1/admin/projects/999999/upload?section=images",
      method: "PUT",
      data: {},
      expect: { ...adminOnlyApi, admin: 404 },
    },
  ],
  "api/v1/admin/projects/:id/files": [
    { url: "/api/v1/admin/projects/1/files?section=images", expect: all(405) },
    {
      url: "/api/v1/admin/projects/999999/files?section=images",
      method: "DELETE",
      expect: { ...adminOnlyApi, admin: 404 },
    },
  ],
  "api/v1/admin/projects/:id/images/:imageId": [
    { url: "/api/v1/admin/projects/1/images/1", expect: all(405) },
    {
      url: "/api/v1/admin/projects/999999/images/1",
      method: "PUT",
      data: { altText: "Kitchen" },
      expect: { ...adminOnlyApi, admin: 404 },
    },
  ],
};
