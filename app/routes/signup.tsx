import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";

import { AuthCard } from "../components/auth-card";
import { Field, FormAlert, HoneypotField, PasswordField, RadioField, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { clientRules } from "../lib/client-rules.server";
import { formFailure } from "../lib/error-replies.server";
import { refuseFilledHoneypot } from "../lib/honeypot";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { signUp } from "../modules/auth/accounts.server";
import { SIGNED_UP } from "../modules/auth/api-user";
import { getUser } from "../modules/auth/identity.server";
import { dashboardPath, PASSWORDS_DIFFER, type SignupFormFields, SignupFormSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Create an account | MoveWise" }];

// Sent without React (docs/decisions/0002-pages-without-react.md): the form posts to the action either way, and
// app/browser/form-checks.ts checks fields as they are filled in.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(dashboardPath(user.role));
  return {
    rules: clientRules(SignupFormSchema, {
      matches: { confirmPassword: { field: "password", message: PASSWORDS_DIFFER } },
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await formDataOf(request);
  const submission = parseWithZod(formData, { schema: SignupFormSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    refuseFilledHoneypot(formData, "sign-up");
    await signUp(submission.value, { ipAddress: context.clientIp });
  } catch (error) {
    return formFailure(submission, error, {
      hideFields,
      fallback: { message: "Signup failed.", log: "signup failed" },
    });
  }
  const redirectTo = submission.value.redirectTo;
  const login = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  // The same answer whether or not the address already had an account (signUp mails its owner instead).
  return toasts().redirectWithSuccess(login, SIGNED_UP);
}

const USER_TYPE_OPTIONS = [
  { value: "buyer", label: "Buying" },
  { value: "vendor", label: "Selling" },
] as const;

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields, formProps] = useRulesForm<SignupFormFields>(loaderData.rules, {
    id: "signup",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard
      title="Welcome! Let's set up your account."
      subtitle="Sell your home for a fixed fee and track every step online, or save the homes you would like to buy."
    >
      <Form method="post" {...formProps} className="space-y-5">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <RadioField
          label="Are you buying or selling?"
          field={fields.userType}
          options={USER_TYPE_OPTIONS}
          hint="Buyers save the homes they like; sellers book valuations and sell with us. Not answered: selling."
        />
        <Field label="Full name" field={fields.fullName} autoComplete="name" />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <Field
          label="Phone number"
          field={fields.phoneNumber}
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 07700 900123"
        />
        <PasswordField
          label="Password"
          field={fields.password}
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <PasswordField label="Repeat password" field={fields.confirmPassword} autoComplete="new-password" />
        <HoneypotField />
        <SubmitButton pendingText="Creating your account…">Sign Up</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-emerald-800 underline-offset-2 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
