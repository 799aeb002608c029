// Who may call an operation (shared by the document and the reference page, without zod in the browser bundle).

/** Anyone; any signed-in account; one role; or anyone holding the record's link. */
export type Access = "public" | "signed-in" | "admin" | "vendor" | "buyer" | "vendor-or-admin" | "owner-or-link";

export const ACCESS_LABELS: Record<Access, string> = {
  public: "Anyone",
  "signed-in": "Any signed-in account",
  admin: "Admins",
  vendor: "Vendors",
  buyer: "Buyers",
  "vendor-or-admin": "Vendors and admins",
  "owner-or-link": "The booking's vendor, an admin, or the holder of its payment link",
};
