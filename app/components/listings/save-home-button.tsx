// The save button of a home (property cards and the property page): a real form posting to /saved-homes,
// which saves or removes it and comes back to `returnTo` with a toast; signed out, it asks to log in and
// then finishes the save. With JavaScript, app/browser/save-home.ts sends it to /api/v1/shortlist and
// flips `data-saved` in place. Both labels are in the markup and CSS shows the one `data-saved` asks for,
// so the behaviour changes attributes only.
import { buttonClass } from "../ui/button";
import { HeartIcon } from "../ui/icons";

export type SaveState = {
  /** Whether the viewer has saved this home (always false signed out). */
  saved: boolean;
  /** The page (path and query) to come back to after saving without JavaScript. */
  returnTo: string;
};

export function SaveHomeButton({
  propertyId,
  address,
  saved,
  returnTo,
  className = "",
}: SaveState & { propertyId: number; address: string; className?: string }) {
  return (
    <form
      method="post"
      action="/saved-homes"
      data-save-home=""
      data-saved={saved ? "true" : "false"}
      className={`group/save ${className}`}
    >
      <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className={buttonClass({
          variant: "secondary",
          size: "sm",
          className: "group-data-[saved=true]/save:border-emerald-700 group-data-[saved=true]/save:text-emerald-900",
        })}
      >
        <HeartIcon className="size-5 text-emerald-700 group-data-[saved=true]/save:fill-emerald-700" />
        <span className="group-data-[saved=true]/save:hidden">
          Save<span className="sr-only"> {address} to your saved homes</span>
        </span>
        <span className="hidden group-data-[saved=true]/save:inline">
          Saved<span className="sr-only"> {address}: remove it from your saved homes</span>
        </span>
      </button>
      <span role="status" className="sr-only" data-save-status="" />
    </form>
  );
}
