// Account types and their home pages. Kept apart from the zod schemas: the site header on every page
// imports this, and zod would add about 25 KB (gzip) of JavaScript to pages that have no form.
export type Role = "admin" | "vendor" | "buyer";

/** The account types anyone may sign up for; admins are made only by ADMIN_EMAIL or `npm run create-admin`. */
export const SIGNUP_USER_TYPES = ["buyer", "vendor"] as const satisfies readonly Role[];

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

/** The label the user menu shows for each account type. */
export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", vendor: "Vendor", buyer: "Buyer" };

/** "admins", "vendors", "buyers": who a page or endpoint is for, in its 403 message. */
export const rolePlural = (role: Role) => `${role}s`;
