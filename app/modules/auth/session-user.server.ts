// How a signed-in account is read from the database, the same for a session cookie and an API token.
import type { SessionUser } from "./roles";

export const sessionUserSelect = {
  id: true,
  email: true,
  fullName: true,
  phoneNumber: true,
  role: true,
  emailVerifiedAt: true,
  passwordResetAt: true,
  closedAt: true,
} as const;

type SessionUserRow = {
  id: number;
  email: string;
  fullName: string;
  phoneNumber: string;
  role: SessionUser["role"];
  emailVerifiedAt: Date | null;
};

export const toSessionUser = ({
  id,
  email,
  fullName,
  phoneNumber,
  role,
  emailVerifiedAt,
}: SessionUserRow): SessionUser => ({
  id,
  email,
  fullName,
  phoneNumber,
  role,
  emailVerified: emailVerifiedAt !== null,
});

/**
 * Whether a credential (session or API token) made at `issuedAt` still speaks for its account: not once the
 * account is closed, nor when the password was reset after it was made.
 */
export const credentialStillValid = (user: { closedAt: Date | null; passwordResetAt: Date | null }, issuedAt: Date) =>
  user.closedAt === null && (user.passwordResetAt === null || issuedAt > user.passwordResetAt);
