// 'Delete' on a dashboard row: with JavaScript a confirmation dialog that posts to the delete route;
// without it, a link to that route's confirmation page. When the item may not be deleted, both explain why.
import { useState } from "react";
import { Form, Link } from "react-router";

import { useHydrated } from "./form-basics";
import { buttonClass } from "./ui/button";
import { Dialog } from "./ui/dialog";

type Props = {
  /** The delete route: GET shows the confirmation page, POST deletes. */
  action: string;
  /** e.g. "Are you sure you want to delete this property?" */
  question: string;
  /** What is being deleted, shown in the dialog, e.g. the address. */
  itemName: string;
  /** Why it cannot be deleted, or null. */
  blocker: string | null;
  /** What the dialog calls the item: "Delete property", "Delete project". */
  noun?: string;
  /** Vendors may ask the agency to withdraw what they cannot delete online; admins are the agency. */
  withdrawHelp?: boolean;
};

export function ConfirmDelete({ action, question, itemName, blocker, noun = "property", withdrawHelp = true }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = buttonClass({ variant: "secondary", size: "sm" });
  if (!hydrated) {
    return (
      <Link to={action} className={trigger}>
        Delete<span className="sr-only"> {itemName}</span>
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={trigger}>
        Delete<span className="sr-only"> {itemName}</span>
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={blocker ? `This ${noun} can't be deleted${withdrawHelp ? " online" : ""}` : `Delete ${noun}`}
      >
        <DeleteConfirmation
          action={action}
          question={question}
          itemName={itemName}
          blocker={blocker}
          withdrawHelp={withdrawHelp}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** The body of the dialog and of the no-JavaScript confirmation page. */
export function DeleteConfirmation({
  action,
  question,
  itemName,
  blocker,
  withdrawHelp = true,
  onCancel,
  cancelTo,
}: Props & { onCancel?: () => void; cancelTo?: string }) {
  const cancelClass = buttonClass({ variant: "secondary" });
  // In the dialog it closes the dialog; on the confirmation page it leads back.
  const leave = (inDialog: string, onPage: string) =>
    onCancel ? (
      <button type="button" onClick={onCancel} className={cancelClass}>
        {inDialog}
      </button>
    ) : (
      <Link to={cancelTo ?? ".."} className={cancelClass}>
        {onPage}
      </Link>
    );
  if (blocker) {
    return (
      <div className="space-y-4 text-slate-800">
        <p>
          <strong>{itemName}</strong>
        </p>
        <p>{blocker}</p>
        {withdrawHelp ? (
          <p>
            Please contact the agency if you want to withdraw it: call us, or send a message through the{" "}
            <Link to="/contact-us" className="font-semibold text-emerald-800 underline underline-offset-2">
              contact form
            </Link>
            .
          </p>
        ) : null}
        {leave("Close", "Back")}
      </div>
    );
  }
  return (
    <div className="space-y-4 text-slate-800">
      <p className="font-semibold">{question}</p>
      <p>
        <strong>{itemName}</strong> and its details will be removed. This can't be undone.
      </p>
      <Form method="post" action={action} className="flex flex-wrap justify-end gap-3">
        {leave("Cancel", "Cancel")}
        <button type="submit" className={buttonClass({ variant: "danger" })}>
          Yes, delete it
        </button>
      </Form>
    </div>
  );
}
