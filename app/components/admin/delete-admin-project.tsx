import { ConfirmDelete } from "../confirm-delete";

export const ADMIN_DELETE_QUESTION = "Are you sure you want to delete this project?";

export const adminDeletePath = (id: number) => `/admin-propertylisting/${id}/delete`;

/** The admin dashboard's 'Delete' for any project. */
export function DeleteAdminProject({
  project,
}: {
  project: { id: number; address: string; deleteBlocker: string | null };
}) {
  return (
    <ConfirmDelete
      action={adminDeletePath(project.id)}
      question={ADMIN_DELETE_QUESTION}
      itemName={project.address}
      blocker={project.deleteBlocker}
      noun="project"
      withdrawHelp={false}
    />
  );
}
