import { data, Link } from "react-router";

import { SelectInput, TextInput } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { errorPage } from "../lib/error-replies.server";
import { fieldErrors, formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { addSellerCheck } from "../modules/compliance/checks.server";
import { SELLER_CAPACITIES } from "../modules/compliance/options";
import { AddSellerCheckFormSchema } from "../modules/compliance/schemas";
import { adminProjectNotFound, getAdminProject } from "../modules/projects/admin-projects.server";
import type { Route } from "./+types/admin.checks.new";

export const meta: Route.MetaFunction = () => [{ title: "Add a seller to check | MoveWise admin" }];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

async function projectOf(request: Request) {
  const id = parseId(new URL(request.url).searchParams.get("projectId"));
  const project = id === null ? null : await getAdminProject(id);
  if (!project) throw errorPage(adminProjectNotFound());
  return project;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const project = await projectOf(request);
  return {
    project: { id: project.id, address: project.address },
    // The customer the home was booked for is usually the first seller to check.
    suggested: { full_name: project.vendorName === "Unknown" ? "" : project.vendorName, email: project.vendorEmail },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const project = await projectOf(request);
  const form = await formDataOf(request);
  const values = {
    full_name: String(form.get("full_name") ?? ""),
    email: String(form.get("email") ?? ""),
    capacity: String(form.get("capacity") ?? ""),
  };
  const parsed = AddSellerCheckFormSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  await addSellerCheck({
    actor: { id: admin.id, ipAddress: context.clientIp },
    projectId: project.id,
    input: { fullName: parsed.data.full_name, email: parsed.data.email, capacity: parsed.data.capacity },
  });
  return toasts().redirectWithSuccess(
    `/admin-property-details/${project.id}`,
    `${parsed.data.full_name} added: they see the check on their account page, or bring their documents.`,
  );
}

export default function AddSellerCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { project, suggested } = loaderData;
  const values = actionData?.values ?? { ...suggested, capacity: "owner" };
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <Link
        to={`/admin-property-details/${project.id}`}
        className="text-sm font-semibold text-emerald-800 hover:underline"
      >
        ← {project.address}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Add a seller to check</h1>
      <p className="mt-2 text-slate-700">
        Every owner is checked: each joint owner, and for a company or trust each beneficial owner (25% or more).
      </p>
      <form method="post" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <TextInput
          id="full_name"
          name="full_name"
          label="Full name"
          defaultValue={values.full_name}
          errors={actionData?.errors.full_name}
          autoComplete="off"
        />
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email (optional: links the check to their account)"
          defaultValue={values.email}
          errors={actionData?.errors.email}
          autoComplete="off"
        />
        <SelectInput
          id="capacity"
          name="capacity"
          label="Selling as"
          defaultValue={values.capacity}
          errors={actionData?.errors.capacity}
          options={SELLER_CAPACITIES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
        />
        <button type="submit" className={buttonClass()}>
          Add to check
        </button>
      </form>
    </section>
  );
}
