import { ConfirmDelete } from "../confirm-delete";

export const VENDOR_DELETE_QUESTION = "Are you sure you want to delete this property?";

export const vendorDeletePath = (id: number) => `/vendor-propertylisting/${id}/delete`;

/** The vendor dashboard's 'Delete' for one of their projects. */
export function DeleteVendorProject({
  project,
}: {
  project: { id: number; address: string; deleteBlocker: string | null };
}) {
  return (
    <ConfirmDelete
      action={vendorDeletePath(project.id)}
      question={VENDOR_DELETE_QUESTION}
      itemName={project.address}
      blocker={project.deleteBlocker}
    />
  );
}
