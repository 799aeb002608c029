import { ADMIN_DELETE_QUESTION, adminDeletePath } from "../components/admin/delete-admin-project";
import { DeleteConfirmation } from "../components/confirm-delete";
import { errorPage } from "../lib/error-replies.server";
import { formatPrice } from "../lib/format";
import { parseId } from "../lib/ids";
import { logger } from "../lib/logger.server";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import {
  adminDeleteBlocker,
  adminProjectNotFound,
  deleteAdminProject,
  getAdminProject,
} from "../modules/projects/admin-projects.server";
import type { Route } from "./+types/admin-propertylisting.delete";

export const meta: Route.MetaFunction = () => [{ title: "Delete project | MoveWise admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const id = parseId(params.projectId);
  const project = id ? await getAdminProject(id) : null;
  if (!project) throw errorPage(adminProjectNotFound());
  return {
    id: project.id,
    address: project.address,
    price: project.price,
    vendorName: project.vendorName,
    blocker: adminDeleteBlocker(project.payments.map((p) => p.status)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const id = parseId(params.projectId);
  if (!id) throw errorPage(adminProjectNotFound());
  try {
    await deleteAdminProject({ actor: { id: admin.id, ipAddress: context.clientIp }, id });
  } catch (error) {
    if (!(error instanceof ServiceError)) logger.error({ err: error }, "deleting a project failed");
    else if (error.status === 404) throw errorPage(error);
    const description = error instanceof ServiceError ? error.message : undefined;
    return toasts().redirectWithError("/admin-propertylisting", { message: "Failed to delete project", description });
  }
  return toasts().redirectWithSuccess("/admin-propertylisting", "Project deleted.");
}

export default function DeleteProject({ loaderData }: Route.ComponentProps) {
  const { id, address, price, vendorName, blocker } = loaderData;
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {blocker ? "This project can't be deleted" : "Delete project"}
        </h1>
        <p className="mt-1 text-slate-600">
          {vendorName} · {formatPrice(price)}
        </p>
        <div className="mt-6">
          <DeleteConfirmation
            action={adminDeletePath(id)}
            question={ADMIN_DELETE_QUESTION}
            itemName={address}
            blocker={blocker}
            withdrawHelp={false}
            cancelTo="/admin-propertylisting"
          />
        </div>
      </div>
    </div>
  );
}
