import { data } from "react-router";

import { AuthCard } from "../components/auth-card";
import { FormAlert } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { FeedbackFields, FeedbackSummary } from "../components/viewings/feedback";
import { refusedLink } from "../lib/error-replies.server";
import { fieldErrors, formDataOf, linkToken } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { feedbackFormValues, viewingFeedbackSchema } from "../modules/viewings/schemas";
import { buyerFeedbackTarget, recordBuyerFeedback } from "../modules/viewings/seller-viewings.server";
import { formatSlot, formatViewingDate } from "../modules/viewings/slots";
import type { Route } from "./+types/viewings.$id.feedback";

export const meta: Route.MetaFunction = () => [
  { title: "Your viewing feedback | MoveWise" },
  { name: "robots", content: "noindex" },
];

// The link in the confirmation email and in the email after the viewing: no sign-in, no JavaScript.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    return { state: "form" as const, target: await buyerFeedbackTarget(parseId(params.id), linkToken(request)) };
  } catch (error) {
    return refusedLink(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  let target;
  try {
    target = await buyerFeedbackTarget(id, linkToken(request));
  } catch (error) {
    return refusedLink(error);
  }
  const form = await formDataOf(request);
  const values = feedbackFormValues(form);
  const parsed = viewingFeedbackSchema.safeParse(values);
  if (!parsed.success)
    return data({ state: "form" as const, target, errors: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await recordBuyerFeedback(id, linkToken(request), parsed.data, { ipAddress: context.clientIp });
    return { state: "sent" as const };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ state: "form" as const, target, message: error.message, values }, { status: error.status });
  }
}

export default function BuyerFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === "invalid")
    return (
      <AuthCard title="This link does not work" subtitle={shown.message}>
        <p className="text-slate-700">Reply to the email you were sent and we will help.</p>
      </AuthCard>
    );
  if (shown.state === "sent")
    return (
      <AuthCard title="Thank you for your feedback" subtitle="We have passed it on to the seller.">
        <p role="status" className="text-slate-700">
          If you would like to make an offer or see the home again, reply to our email.
        </p>
      </AuthCard>
    );
  const { target } = shown;
  const when = `${formatViewingDate(target.date)} at ${formatSlot(target.time)}`;
  if (target.closed)
    return (
      <AuthCard title="Your viewing feedback" subtitle={`${target.address}, ${when}.`}>
        <p className="text-slate-700">{target.closed}</p>
      </AuthCard>
    );
  const errors = "errors" in shown ? (shown.errors as Record<string, string[]> | undefined) : undefined;
  const message = "message" in shown ? (shown.message as string | undefined) : undefined;
  const values =
    "values" in shown && shown.values
      ? shown.values
      : target.sent
        ? {
            attended: target.sent.attended ? "yes" : "no",
            interest: target.sent.interest ?? undefined,
            comment: target.sent.comment,
            position: target.sent.position ?? undefined,
          }
        : {};
  return (
    <AuthCard title="Your viewing feedback" subtitle={`${target.address}, ${when}. The seller will read it.`}>
      {target.sent ? (
        <div className="mb-6">
          <p className="mb-2 text-sm text-slate-700">
            You have sent this. You can still change it: the seller is told of each change.
          </p>
          <FeedbackSummary feedback={target.sent} />
        </div>
      ) : null}
      {message ? (
        <div className="mb-4">
          <FormAlert id="feedback-error" errors={[message]} />
        </div>
      ) : null}
      <form method="post">
        <FeedbackFields values={values} errors={errors} />
        <button type="submit" className={buttonClass({ className: "mt-6 w-full" })}>
          Send feedback
        </button>
      </form>
    </AuthCard>
  );
}
