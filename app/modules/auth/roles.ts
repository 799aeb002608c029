// Account types and their home pages. Kept apart from the zod schemas: the site header on every page
// imports this, and zod would add about 25 KB (gzip) of JavaScript to pages that have no form.
export type Role = "admin" | "vendor";

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
export const dashboardPath = (role: Role) => (role === "admin" ? "/admin-propertylisting" : "/vendor-propertylisting");
