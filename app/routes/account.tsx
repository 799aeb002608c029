import { formDataOf } from "../lib/http.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data } from "react-router";
import { CheckboxField, FormAlert, PasswordField } from "../components/forms";
import { buttonClass } from "../components/ui/button";
import { DownloadIcon } from "../components/ui/icons";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { dashboardPath } from "../modules/auth/schemas";
import { destroyUserSession } from "../modules/auth/session.server";
import { closeAccount } from "../modules/privacy/account.server";
import { RETENTION_YEARS } from "../modules/privacy/retention";
import { CloseAccountSchema } from "../modules/privacy/schemas";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My account and data | MoveWise" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { fullName: user.fullName, email: user.email, phoneNumber: user.phoneNumber, role: user.role } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await formDataOf(request), { schema: CloseAccountSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    await closeAccount(user.id, submission.value.password, { ipAddress: context.clientIp });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const reply = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields }) : submission.reply({ formErrors: [error.message], hideFields });
    return data({ result: reply }, { status: error.status });
  }
  return toasts().redirectWithSuccess("/", "Your account is closed and your personal details have been removed.", {
    headers: { "Set-Cookie": await destroyUserSession(request) },
  });
}

const sectionClass = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [form, fields] = useForm({
    id: "close-account",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CloseAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CloseAccountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={dashboardPath(user.role)} className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline">
        <span aria-hidden="true">← </span>My Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">My account and data</h1>
      <p className="mt-2 text-slate-600">
        Your data-protection rights, without having to ask: take a copy of what we hold about you, or close your account. See our{" "}
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
          <dd className="break-all sm:col-span-2">{user.email}</dd>
          <dt className="font-semibold text-slate-700">Phone</dt>
          <dd className="sm:col-span-2">{user.phoneNumber || "—"}</dd>
        </dl>
      </div>

      <div className={`mt-6 ${sectionClass}`}>
        <h2 className="text-lg font-semibold">Download my data</h2>
        <p className="mt-2 text-sm text-slate-700">
          One JSON file with your account, your properties and their contracts, your payments (never card details), the viewing and valuation
          requests and messages sent with your email address, and the record of sign-ins and changes to your account.
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
          <li>Viewing and valuation requests and messages sent with your email address are anonymised.</li>
          <li>
            Your properties, contracts and payment records are kept for the agency&rsquo;s records for {RETENTION_YEARS.accountAfterClosure} years, as the
            privacy policy says, and then deleted.
          </li>
          <li>This cannot be undone. Download your data first if you want a copy.</li>
        </ul>
        <Form method="post" {...getFormProps(form)} className="mt-5 max-w-md space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <PasswordField label="Your password" field={fields.password} autoComplete="current-password" />
          <CheckboxField label="I understand that closing my account cannot be undone." field={fields.confirm} />
          <button type="submit" className={buttonClass({ variant: "danger" })}>
            Close my account
          </button>
        </Form>
      </div>
    </section>
  );
}
