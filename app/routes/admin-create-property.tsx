import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { Field, FormAlert, inputClass, SubmitButton } from "../components/forms";
import { ProjectFormFields, type ProjectFormValues } from "../components/projects/project-form";
import { Toaster, toastFrom } from "../components/toast";
import { buttonClass } from "../components/ui/button";
import { formDataOf } from "../lib/http.server";
import { logger } from "../lib/logger.server";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { createAdminProject } from "../modules/projects/admin-projects.server";
import {
  ADMIN_BEDROOMS,
  ADMIN_CREATE_FORM_CONSTRAINT,
  type AdminCreateProjectInput,
  AdminCreateProjectSchema,
} from "../modules/projects/schemas";
import type { Route } from "./+types/admin-create-property";

export const meta: Route.MetaFunction = () => [{ title: "Create property | MoveWise admin" }];

const FAILED = "Failed to create property. Please try again.";

/** The failure toast, with the form's errors and what was typed, on the page the action renders (no JavaScript needed). */
const failure = (result: SubmissionResult<string[]>, status: number) =>
  data({ result, toast: { type: "error" as const, message: FAILED } }, { status });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireUser(request, "admin");
  return { creatorEmail: admin.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const submission = parseWithZod(await formDataOf(request), {
    schema: AdminCreateProjectSchema,
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") {
    return failure(submission.reply({ formErrors: ["Some details need checking: see the messages below."] }), 400);
  }
  try {
    const { notes } = await createAdminProject({
      actor: { id: admin.id, ipAddress: context.clientIp },
      input: submission.value,
    });
    return notes.length
      ? toasts().redirectWithWarning("/admin-propertylisting", {
          message: "Property created successfully!",
          description: notes.join(" "),
        })
      : toasts().redirectWithSuccess("/admin-propertylisting", "Property created successfully!");
  } catch (error) {
    logger.error({ err: error }, "creating a project for a customer failed");
    return failure(submission.reply({ formErrors: [FAILED] }), 500);
  }
}

type AdminCreateValues = ProjectFormValues & { vendor_name?: string; vendor_email?: string };

export default function AdminCreateProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { creatorEmail } = loaderData;
  const [form, fields] = useForm<AdminCreateValues, AdminCreateProjectInput>({
    id: "admin-create-project",
    lastResult: actionData?.result,
    defaultValue: { bathrooms: "1" },
    constraint: ADMIN_CREATE_FORM_CONSTRAINT,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: AdminCreateProjectSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="bg-slate-50">
      <Toaster toast={toastFrom(actionData)} />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Link
          to="/admin-propertylisting"
          className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
        >
          ← Back to projects
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Property Details</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          A project for a customer. If their email belongs to a seller's account, the project appears on their
          dashboard; otherwise it waits for them to sign up with that email.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
          <FormAlert id={form.errorId} errors={form.errors} />
          <ProjectFormFields
            fields={fields}
            bedrooms={ADMIN_BEDROOMS}
            basicInformation={
              <>
                <Field label="Customer's name" field={fields.vendor_name} autoComplete="off" />
                <Field label="Customer's email" field={fields.vendor_email} type="email" autoComplete="off" />
                <div className="sm:col-span-2">
                  <label htmlFor="creator-email" className="block text-sm font-medium text-slate-800">
                    Created by
                  </label>
                  {/* Taken from the signed-in admin on the server; shown, never sent. */}
                  <input
                    id="creator-email"
                    type="email"
                    value={creatorEmail}
                    readOnly
                    className={`${inputClass.replace("bg-white", "bg-slate-100")} mt-1`}
                  />
                </div>
              </>
            }
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link to="/admin-propertylisting" className={buttonClass({ variant: "secondary" })}>
              Back
            </Link>
            <SubmitButton pendingText="Submitting…" className="sm:w-auto sm:px-6">
              Submit Property Details
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}
