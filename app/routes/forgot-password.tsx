import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { Field, FormAlert, HoneypotField, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { clientRules } from "../lib/client-rules.server";
import { refusedForm } from "../lib/form-refusal.server";
import { filledHoneypot } from "../lib/honeypot";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { requestPasswordReset, RESET_REQUESTED } from "../modules/auth/passwords.server";
import { type ForgotPasswordFields, ForgotPasswordSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password? | MoveWise" }];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export function loader() {
  return { rules: clientRules(ForgotPasswordSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await formDataOf(request);
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (filledHoneypot(formData))
    return data(
      { result: submission.reply({ formErrors: ["Your request looked automated and was not accepted."] }) },
      { status: 400 },
    );
  try {
    await requestPasswordReset(submission.value.email, { ipAddress: context.clientIp });
  } catch (error) {
    return refusedForm(submission, error);
  }
  // The same answer whether or not an account uses the address.
  return toasts().redirectWithSuccess("/login", RESET_REQUESTED);
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields, formProps] = useRulesForm<ForgotPasswordFields>(loaderData.rules, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account, and we will email you a link to choose a new password."
    >
      <Form method="post" {...formProps} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <HoneypotField />
        <SubmitButton pendingText="Sending…">Email me a link</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-emerald-800 underline-offset-2 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
