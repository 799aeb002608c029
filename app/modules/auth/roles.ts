// Account types and their home pages. Kept apart from the zod schemas: the site header on every page
// imports this, and zod would add about 25 KB (gzip) of JavaScript to pages that have no form.
export type Role = "admin" | "vendor";

/** Where "My Dashboard" and a fresh login go for each account type. */
export const dashboardPath = (role: Role) => (role === "admin" ? "/admin-propertylisting" : "/vendor-propertylisting");
