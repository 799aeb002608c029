import { data, Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { ServiceError } from "../lib/service-error";
import { verifiedMessage, verifyEmail } from "../modules/auth/email-verification.server";
import { getUser } from "../modules/auth/identity.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your email address | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Opening the emailed link is all it takes, with or without JavaScript; opening it again says it is done.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const next = (await getUser(request))
    ? { to: "/account", label: "Go to my account" }
    : { to: "/login", label: "Log in" };
  try {
    return { title: verifiedMessage[await verifyEmail(token, { ipAddress: context.clientIp })], next, failed: false };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // A used or unknown link says so; too many tries say how long to wait.
    const title = error.status === 429 ? error.message : "This link no longer works";
    return data({ title, next, failed: true }, { status: error.status, headers: error.headers });
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { title, next, failed } = loaderData;
  const subtitle = failed
    ? "Links to confirm an email address work for 48 hours, once. Log in, and on your account page press “Resend verification email” for a new one."
    : "Properties the agency set up for this address are now in your account, and your data download and account page include the requests you sent with it.";
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Link to={next.to} className="font-semibold text-emerald-800 underline underline-offset-2">
        {next.label}
      </Link>
    </AuthCard>
  );
}
