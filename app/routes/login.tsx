import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";

import { AuthCard } from "../components/auth-card";
import { CheckboxField, Field, FormAlert, PasswordField, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { clientRules } from "../lib/client-rules.server";
import { formFailure } from "../lib/error-replies.server";
import { formDataOf, safeRedirectPath } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { authenticateForm } from "../modules/auth/accounts.server";
import { trustDevice, withCookies } from "../modules/auth/devices.server";
import { getUser } from "../modules/auth/identity.server";
import { dashboardPath, type LoginFields, LoginSchema } from "../modules/auth/schemas";
import { createUserSession } from "../modules/auth/session.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Log in | MoveWise" }];

// Sent without React (docs/decisions/0002-pages-without-react.md): the form posts to the action either way, and
// app/browser/form-checks.ts checks fields as they are filled in.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(dashboardPath(user.role));
  return { rules: clientRules(LoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // remix-auth reads the body itself, so parse a copy for field errors and the other fields.
  const submission = parseWithZod(await formDataOf(request.clone()), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await authenticateForm(request, { ipAddress: context.clientIp });
    const cookie = await createUserSession(user.id, {
      persistent: submission.value.rememberMe,
      ipAddress: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return redirect(safeRedirectPath(submission.value.redirectTo, dashboardPath(user.role)), {
      headers: withCookies([cookie, ...(await trustDevice(request, user.email))]),
    });
  } catch (error) {
    return formFailure(submission, error, {
      hideFields: ["password"],
      formMessage: (message) => `Login failed: ${message}`,
    });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields, formProps] = useRulesForm<LoginFields>(loaderData.rules, {
    id: "login",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard title="Welcome back" subtitle="Log in to manage your property, contract and payments.">
      <Form method="post" {...formProps} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label="Remember for 30 days" field={fields.rememberMe} />
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            Forgot your password?
          </Link>
        </div>
        <SubmitButton pendingText="Logging in…">Log in</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        New to MoveWise?{" "}
        <Link
          to={redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup"}
          className="font-semibold text-emerald-800 underline-offset-2 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
