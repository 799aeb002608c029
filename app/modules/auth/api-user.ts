import type { SessionUser } from "./session.server";

/** The current user as the API and the navbar see it (spec: email, userType, fullName, phoneNumber). */
export const toApiUser = (user: SessionUser) => ({
  email: user.email,
  userType: user.role,
  fullName: user.fullName,
  phoneNumber: user.phoneNumber,
});
