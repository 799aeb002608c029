import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { CheckboxField, FormAlert, PasswordField } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { buttonClass } from "../components/ui/button";
import { DownloadIcon } from "../components/ui/icons";
import type { ClientRules } from "../lib/client-rules";
import { clientRules } from "../lib/client-rules.server";
import { formFailure } from "../lib/error-replies.server";
import { formDataOf } from "../lib/http.server";
import { DOCUMENT_REDIRECT } from "../lib/hydration";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { resendVerification, VERIFICATION_SENT } from "../modules/auth/email-verification.server";
import { requireUser } from "../modules/auth/guards.server";
import { getAuth } from "../modules/auth/identity.server";
import { changePassword, PASSWORD_CHANGED } from "../modules/auth/passwords.server";
import type { SessionUser } from "../modules/auth/roles";
import {
  type ChangePasswordFormFields,
  ChangePasswordFormSchema,
  dashboardPath,
  PASSWORDS_DIFFER,
} from "../modules/auth/schemas";
import { destroyUserSession } from "../modules/auth/session.server";
import { closeAccount } from "../modules/privacy/account.server";
import { RETENTION_YEARS } from "../modules/privacy/retention";
import { type CloseAccountFields, CloseAccountSchema } from "../modules/privacy/schemas";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "My account and data | MoveWise" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: {
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: user.role,
      emailVerified: user.emailVerified,
    },
    rules: {
      changePassword: clientRules(ChangePasswordFormSchema, {
        matches: { confirmPassword: { field: "newPassword", message: PASSWORDS_DIFFER } },
      }),
      closeAccount: clientRules(CloseAccountSchema),
    },
  };
}

type Intent = "resend-verification" | "change-password" | "close-account";
const hideFields = ["password", "currentPassword", "newPassword", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await formDataOf(request);
  const intent = formData.get("intent");
  if (intent === "resend-verification") return resend(user);
  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    try {
      await changePassword(user.id, submission.value, {
        keepSessionId: (await getAuth(request))?.sessionId ?? null,
        ipAddress: context.clientIp,
      });
    } catch (error) {
      return formFailure(submission, error, { hideFields, extra: { intent } });
    }
    return toasts().redirectWithSuccess("/account", PASSWORD_CHANGED);
  }
  const submission = parseWithZod(formData, { schema: CloseAccountSchema });
  if (submission.status !== "success")
    return data({ intent: "close-account" as const, result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    await closeAccount(user.id, submission.value.password, { ipAddress: context.clientIp });
  } catch (error) {
    return formFailure(submission, error, { hideFields, extra: { intent: "close-account" as const } });
  }
  return toasts().redirectWithSuccess("/", "Your account is closed and your personal details have been removed.", {
    headers: { "Set-Cookie": await destroyUserSession(request), ...DOCUMENT_REDIRECT },
  });
}

async function resend(user: SessionUser) {
  try {
    await resendVerification(user);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data(
      { intent: "resend-verification" as const, message: error.message },
      { status: error.status, headers: error.headers },
    );
  }
  return toasts().redirectWithSuccess("/account", VERIFICATION_SENT);
}

const sectionClass = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

/** One of the page's forms, checked when sent; the server's answer shows when it was for this form. */
function useAccountForm<Fields extends Record<string, unknown>>(
  id: Intent,
  rules: ClientRules,
  actionData: Route.ComponentProps["actionData"],
) {
  return useRulesForm<Fields>(rules, {
    id,
    lastResult: actionData?.intent === id && "result" in actionData ? actionData.result : undefined,
    validateOnSubmitOnly: true,
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [closeForm, closeFields, closeFormProps] = useAccountForm<CloseAccountFields>(
    "close-account",
    loaderData.rules.closeAccount,
    actionData,
  );
  const [passwordForm, passwordFields, passwordFormProps] = useAccountForm<ChangePasswordFormFields>(
    "change-password",
    loaderData.rules.changePassword,
    actionData,
  );
  const resendError =
    actionData?.intent === "resend-verification" && "message" in actionData ? actionData.message : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to={dashboardPath(user.role)}
        className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">← </span>
        {user.role === "buyer" ? "My home search" : "My Dashboard"}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">My account and data</h1>
      <p className="mt-2 text-slate-600">
        Your data-protection rights, without having to ask: take a copy of what we hold about you, or close your
        account. See our{" "}
        <Link to="/privacy-policy" className="font-semibold text-emerald-800 underline underline-offset-2">
          privacy policy
        </Link>{" "}
        for the details.
      </p>

      <div className={`mt-8 ${sectionClass}`}>
        <h2 className="text-lg font-semibold">Your account</h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <dt className="font-semibold text-slate-700">Name</dt>
          <dd className="sm:col-span-2">{user.fullName}</dd>
          <dt className="font-semibold text-slate-700">Email</dt>
          <dd className="break-all sm:col-span-2">
            {user.email}{" "}
            {user.emailVerified ? (
              <span className="ml-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                Confirmed
              </span>
            ) : (
              <span className="ml-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Not confirmed
              </span>
            )}
          </dd>
          <dt className="font-semibold text-slate-700">Phone</dt>
          <dd className="sm:col-span-2">{user.phoneNumber || "—"}</dd>
        </dl>
        {user.emailVerified ? null : (
          <div className="mt-5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
            <h3 className="font-semibold">Please confirm your email address</h3>
            <p className="mt-1">
              Open the link we emailed to {user.email}. Until you do, the viewing and valuation requests and messages
              sent with this address, and properties the agency sets up for it, are kept apart from your account.
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="resend-verification" />
              <FormAlert id="resend-verification-error" errors={resendError ? [resendError] : null} />
              <button type="submit" className={`${buttonClass({ variant: "secondary" })} mt-2`}>
                Resend verification email
              </button>
            </Form>
          </div>
        )}
      </div>

      <div className={`mt-6 ${sectionClass}`}>
        <h2 className="text-lg font-semibold">Change my password</h2>
        <p className="mt-2 text-sm text-slate-700">
          You stay signed in here; every other browser and device is signed out.
        </p>
        <Form method="post" {...passwordFormProps} className="mt-5 max-w-md space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          <FormAlert id={passwordForm.errorId} errors={passwordForm.errors} />
          <PasswordField
            label="Current password"
            field={passwordFields.currentPassword}
            autoComplete="current-password"
          />
          <PasswordField
            label="New password"
            field={passwordFields.newPassword}
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <PasswordField
            label="Repeat new password"
            field={passwordFields.confirmPassword}
            autoComplete="new-password"
          />
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Change password
          </button>
        </Form>
      </div>

      <div className={`mt-6 ${sectionClass}`}>
        <h2 className="text-lg font-semibold">Download my data</h2>
        <p className="mt-2 text-sm text-slate-700">
          One JSON file with your account, your properties and their contracts, your payments (never card details), the
          viewing and valuation requests and messages sent with your email address once you have confirmed it, your
          saved homes, and the record of sign-ins and changes to your account.
        </p>
        <a href="/account/data.json" download className={`${buttonClass({ variant: "secondary" })} mt-4`}>
          <DownloadIcon className="size-5 text-emerald-700" />
          Download my data
        </a>
      </div>

      <div className={`mt-6 ${sectionClass} border-red-200`}>
        <h2 className="text-lg font-semibold">Close my account</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Your name, email address, phone number and password are removed, and you are signed out everywhere.</li>
          <li>Your saved homes are deleted.</li>
          <li>
            Viewing and valuation requests and messages sent with your email address are anonymised (once you have
            confirmed the address).
          </li>
          {user.role === "buyer" ? null : (
            <li>
              Your properties, contracts and payment records are kept for the agency&rsquo;s records for{" "}
              {RETENTION_YEARS.accountAfterClosure} years, as the privacy policy says, and then deleted.
            </li>
          )}
          <li>This cannot be undone. Download your data first if you want a copy.</li>
        </ul>
        <Form method="post" {...closeFormProps} className="mt-5 max-w-md space-y-4">
          <input type="hidden" name="intent" value="close-account" />
          <FormAlert id={closeForm.errorId} errors={closeForm.errors} />
          <PasswordField label="Your password" field={closeFields.password} autoComplete="current-password" />
          <CheckboxField label="I understand that closing my account cannot be undone." field={closeFields.confirm} />
          <button type="submit" className={buttonClass({ variant: "danger" })}>
            Close my account
          </button>
        </Form>
      </div>
    </section>
  );
}
