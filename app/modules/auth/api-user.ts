import type { SessionUser } from "./roles";

/**
 * The current user as the API and the navbar see it (spec: email, userType, fullName, phoneNumber), and
 * whether the email address has been confirmed.
 */
export const toApiUser = (user: SessionUser) => ({
  email: user.email,
  userType: user.role,
  fullName: user.fullName,
  phoneNumber: user.phoneNumber,
  emailVerified: user.emailVerified,
});

/**
 * What sign-up says, whether or not the address already had an account: a new account gets a link that
 * confirms the address (the account signs in once it is confirmed), the owner of an existing one an email
 * saying so, with the ways to log in or reset the password.
 */
export const SIGNED_UP =
  "Thanks for signing up. Check your email: open the link we have sent you to confirm your address, then log in.";

/**
 * What sign-up answers: the details sent, as a buyer or vendor whose address is not confirmed yet. Built from
 * the request alone, so the answer is the same whether or not the address already had an account.
 */
export const signupAnswer = (input: {
  email: string;
  fullName: string;
  phoneNumber: string;
  userType: "buyer" | "vendor";
}) => ({
  message: SIGNED_UP,
  user: {
    email: input.email,
    userType: input.userType,
    fullName: input.fullName,
    phoneNumber: input.phoneNumber,
    emailVerified: false,
  },
});
