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
 * What sign-up answers: the details sent, as a buyer or vendor whose address is not confirmed yet. Built from
 * the request alone, so the answer is the same whether or not the address already had an account.
 */
export const signupAnswer = (input: {
  email: string;
  fullName: string;
  phoneNumber: string;
  userType: "buyer" | "vendor";
}) => ({
  message: "Thanks for signing up. Confirm your email address with the link we have sent to it; you can log in now.",
  user: {
    email: input.email,
    userType: input.userType,
    fullName: input.fullName,
    phoneNumber: input.phoneNumber,
    emailVerified: false,
  },
});
