// Account types and their home pages. Kept apart from the zod schemas: the site header on every page
// imports this, and zod would add about 25 KB (gzip) of JavaScript to pages that have no form.
export type Role = "admin" | "vendor" | "buyer";

/** The signed-in account as every guard, page and API call sees it (from a session cookie or an API token). */
export type SessionUser = {
  id: number;
  email: string;
  fullName: string;
  phoneNumber: string;
  role: Role;
  emailVerified: boolean;
};

/** Where "My Dashboard" and a fresh login go for each account type. */
export const dashboardPath = (role: Role) =>
  role === "admin" ? "/admin-propertylisting" : role === "buyer" ? "/my-home-search" : "/vendor-propertylisting";

/** "admins", "vendors", "buyers": who a page or endpoint is for, in its 403 message. */
export const rolePlural = (role: Role) => `${role}s`;
