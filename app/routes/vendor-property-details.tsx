import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { FormAlert, SubmitButton } from "../components/form-basics";
import { ProjectFormFields, type ProjectFormValues } from "../components/projects/project-form";
import { buttonClass } from "../components/ui/button";
import { formFailure } from "../lib/error-replies.server";
import { formDataOf } from "../lib/http.server";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { VENDOR_BEDROOMS } from "../modules/projects/options";
import { createProject } from "../modules/projects/projects.server";
import { PROJECT_FORM_CONSTRAINT, type ProjectInput, ProjectSchema } from "../modules/projects/schemas";
import type { Route } from "./+types/vendor-property-details";

export const meta: Route.MetaFunction = () => [{ title: "Property details | MoveWise" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  return { vendor: { name: user.fullName, email: user.email } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "vendor");
  const submission = parseWithZod(await formDataOf(request), { schema: ProjectSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ formErrors: ["Some details need checking: see the messages below."] }) },
      { status: 400 },
    );
  }
  try {
    const { id, notes } = await createProject({ owner: user, input: submission.value });
    const next = `/sign-contract/${id}`;
    return notes.length
      ? toasts().redirectWithWarning(next, { message: "Project created", description: notes.join(" ") })
      : toasts().redirectWithSuccess(next, "Project created. Please read and sign your contract.");
  } catch (error) {
    return formFailure(submission, error, {
      toast: true,
      fallback: { message: "Failed to create project", log: "creating a project failed" },
    });
  }
}

export default function VendorPropertyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { vendor } = loaderData;
  const [form, fields] = useForm<ProjectFormValues, ProjectInput>({
    id: "vendor-project",
    lastResult: actionData?.result,
    defaultValue: { bathrooms: "1" },
    constraint: PROJECT_FORM_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProjectSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Link
          to="/vendor-propertylisting"
          className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
        >
          ← Back to my properties
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Tell us about your property</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          These details start your listing. Next you'll sign the contract and pay for the package; we'll confirm
          everything with you at the valuation visit.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
          <FormAlert id={form.errorId} errors={form.errors} />
          <ProjectFormFields
            fields={fields}
            bedrooms={VENDOR_BEDROOMS}
            basicInformation={
              <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-950 sm:col-span-2">
                The project will be in your name, <strong>{vendor.name}</strong> ({vendor.email}).
              </p>
            }
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link to="/vendor-propertylisting" className={buttonClass({ variant: "secondary" })}>
              Back
            </Link>
            <SubmitButton pendingText="Creating your project…" className="sm:w-auto sm:px-6">
              Continue to the contract
            </SubmitButton>
          </div>
        </Form>
      </div>
    </div>
  );
}
