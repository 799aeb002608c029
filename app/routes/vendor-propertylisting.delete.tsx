import { DeleteConfirmation } from "../components/confirm-delete";
import { VENDOR_DELETE_QUESTION, vendorDeletePath } from "../components/projects/delete-vendor-project";
import { errorPage } from "../lib/error-replies.server";
import { formatPrice } from "../lib/format";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { deleteVendorProject, getVendorProject, projectNotFound } from "../modules/projects/projects.server";
import type { Route } from "./+types/vendor-propertylisting.delete";

export const meta: Route.MetaFunction = () => [{ title: "Delete property | MoveWise" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  const project = id ? await getVendorProject(user.id, id) : null;
  if (!project) throw errorPage(projectNotFound());
  return { id: project.id, address: project.address, price: project.price, blocker: project.deleteBlocker };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  if (!id) throw errorPage(projectNotFound());
  try {
    await deleteVendorProject(user.id, id, { ipAddress: context.clientIp });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 404) throw errorPage(error);
    return toasts().redirectWithError("/vendor-propertylisting", error.message);
  }
  return toasts().redirectWithSuccess("/vendor-propertylisting", "Property deleted.");
}

export default function DeleteProperty({ loaderData }: Route.ComponentProps) {
  const { id, address, price, blocker } = loaderData;
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {blocker ? "This property can't be deleted online" : "Delete property"}
        </h1>
        <p className="mt-1 text-slate-600">{formatPrice(price)}</p>
        <div className="mt-6">
          <DeleteConfirmation
            action={vendorDeletePath(id)}
            question={VENDOR_DELETE_QUESTION}
            itemName={address}
            blocker={blocker}
            cancelTo="/vendor-propertylisting"
          />
        </div>
      </div>
    </div>
  );
}
