import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { FormAlert, PasswordField, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { clientRules } from "../lib/client-rules.server";
import { refusedForm } from "../lib/form-refusal.server";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { accountLinkWorks } from "../modules/auth/account-tokens.server";
import { trustDevice, withCookies } from "../modules/auth/devices.server";
import { PASSWORD_RESET_DONE, resetPassword } from "../modules/auth/passwords.server";
import { PASSWORDS_DIFFER, type ResetPasswordFormFields, ResetPasswordFormSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | MoveWise" },
  { name: "robots", content: "noindex" },
];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token,
    works: await accountLinkWorks(token, "reset_password"),
    rules: clientRules(ResetPasswordFormSchema, {
      matches: { confirmPassword: { field: "password", message: PASSWORDS_DIFFER } },
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await formDataOf(request), { schema: ResetPasswordFormSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    const email = await resetPassword(submission.value.token, submission.value.password, {
      ipAddress: context.clientIp,
    });
    return toasts().redirectWithSuccess("/login", PASSWORD_RESET_DONE, {
      headers: withCookies(await trustDevice(request, email)),
    });
  } catch (error) {
    return refusedForm(submission, error, { hideFields });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields, formProps] = useRulesForm<ResetPasswordFormFields>(loaderData.rules, {
    id: "reset-password",
    lastResult: actionData?.result,
  });
  if (!loaderData.works && !actionData) return <LinkNoLongerWorks />;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Choosing a new password signs you out everywhere, and ends your account's API tokens."
    >
      <Form method="post" {...formProps} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          label="New password"
          field={fields.password}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <PasswordField label="Repeat new password" field={fields.confirmPassword} autoComplete="new-password" />
        <SubmitButton pendingText="Saving…">Save new password</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Link expired?{" "}
        <Link to="/forgot-password" className="font-semibold text-emerald-800 underline-offset-2 hover:underline">
          Ask for a new one
        </Link>
      </p>
    </AuthCard>
  );
}

function LinkNoLongerWorks() {
  return (
    <AuthCard title="This link no longer works" subtitle="Password reset links work for an hour, once.">
      <Link to="/forgot-password" className="font-semibold text-emerald-800 underline underline-offset-2">
        Ask for a new link
      </Link>
    </AuthCard>
  );
}
