// The stored files of one upload tab (app/components/admin/media-tab.tsx): photos with their descriptions
// and order, floor plans and documents, each with its delete button, and the whole section's delete.
import type { ReactNode } from "react";
import { Form } from "react-router";

import { thumbnailUrl } from "../../modules/media/images";
import type { ProjectMedia } from "../../modules/media/project-media";
import { DOCUMENT_TYPE_LABELS, type MediaSection, sectionKind } from "../../modules/media/upload-rules";
import { inputClass } from "../form-basics";
import { buttonClass } from "../ui/button";
import { DocumentIcon, DownloadIcon } from "../ui/icons";

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function SmallButton({
  children,
  label,
  disabled = false,
  danger = false,
}: {
  children: ReactNode;
  label: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="submit"
      aria-label={label}
      disabled={disabled}
      className={`${buttonClass({ variant: danger ? "danger" : "secondary", size: "sm" })} disabled:cursor-not-allowed disabled:opacity-50`}
    >
      {children}
    </button>
  );
}

function DeleteFile({
  action,
  section,
  id,
  name,
}: {
  action: string;
  section: MediaSection;
  id: number;
  name: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <Hidden fields={{ intent: "delete", section, fileId: id }} />
      <SmallButton label={`Delete ${name}`} danger>
        Delete
      </SmallButton>
    </Form>
  );
}

/** Works without JavaScript: the question opens in place, and only "Yes" posts. */
export function DeleteAll({ section, count, action }: { section: MediaSection; count: number; action: string }) {
  return (
    <details className="group relative">
      <summary className={`${buttonClass({ variant: "secondary", size: "sm" })} cursor-pointer list-none text-red-800`}>
        Delete all {sectionKind(section)}
      </summary>
      <div className="absolute right-0 z-10 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-lg">
        <p className="text-sm text-slate-800">
          Are you sure you want to delete all {count} {sectionKind(section)}? This can&apos;t be undone.
        </p>
        <Form method="post" action={action} preventScrollReset className="mt-3">
          <Hidden fields={{ intent: "delete", section }} />
          <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
            Yes, delete all
          </button>
        </Form>
      </div>
    </details>
  );
}

export function ImageList({ images, action }: { images: ProjectMedia["images"]; action: string }) {
  return (
    <ol className="mt-4 space-y-4">
      {images.map((image, index) => {
        const label = `photo ${index + 1}`;
        return (
          <li key={image.id} className="flex flex-col gap-4 rounded-lg border border-slate-200 p-3 sm:flex-row">
            <img
              src={thumbnailUrl(image.url)}
              alt={image.altText}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              loading="lazy"
              className="aspect-[3/2] w-full rounded-md bg-slate-100 object-cover sm:w-44"
            />
            <div className="min-w-0 flex-1 space-y-3">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">
                  {index === 0 ? "Cover photo" : `Photo ${index + 1}`}
                </span>{" "}
                · {image.fileName}
                {image.width && image.height ? ` · ${image.width} × ${image.height}` : ""}
              </p>
              <Form
                method="post"
                action={action}
                preventScrollReset
                className="flex flex-col gap-2 sm:flex-row sm:items-end"
              >
                <Hidden fields={{ intent: "alt", section: "images", imageId: image.id }} />
                <div className="flex-1">
                  <label htmlFor={`alt-${image.id}`} className="block text-sm font-semibold text-slate-900">
                    Description of {label} (alt text)
                  </label>
                  <input
                    id={`alt-${image.id}`}
                    name="altText"
                    defaultValue={image.altText}
                    required
                    maxLength={250}
                    className={`${inputClass} mt-1`}
                  />
                </div>
                <SmallButton label={`Save the description of ${label}`}>Save</SmallButton>
              </Form>
              <div className="flex flex-wrap gap-2">
                <Form method="post" action={action} preventScrollReset>
                  <Hidden fields={{ intent: "move", section: "images", imageId: image.id, direction: "up" }} />
                  <SmallButton label={`Move ${label} up`} disabled={index === 0}>
                    ↑ Up
                  </SmallButton>
                </Form>
                <Form method="post" action={action} preventScrollReset>
                  <Hidden fields={{ intent: "move", section: "images", imageId: image.id, direction: "down" }} />
                  <SmallButton label={`Move ${label} down`} disabled={index === images.length - 1}>
                    ↓ Down
                  </SmallButton>
                </Form>
                <DeleteFile action={action} section="images" id={image.id} name={label} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function FloorPlanList({ plans, action }: { plans: ProjectMedia["floorPlans"]; action: string }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id} className="rounded-lg border border-slate-200 p-3">
          <a href={plan.url} className="block focus-visible:outline-2 focus-visible:outline-emerald-700">
            <img
              src={thumbnailUrl(plan.url, 640)}
              alt={`Floor plan ${plan.fileName}`}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md bg-slate-50 object-contain"
            />
          </a>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm text-slate-800">{plan.fileName}</p>
            <DeleteFile action={action} section="floorplans" id={plan.id} name={plan.fileName} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DocumentList({ documents, action }: { documents: ProjectMedia["documents"]; action: string }) {
  return (
    <ul className="mt-4 divide-y divide-slate-200">
      {documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center gap-3 py-3">
          <DocumentIcon className="size-6 text-emerald-800" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <a
              href={doc.url}
              download={doc.name}
              className="inline-flex items-center gap-1.5 font-semibold text-emerald-800 underline-offset-2 hover:underline"
            >
              {doc.name}
              <DownloadIcon className="size-4" aria-hidden="true" />
            </a>
            <p className="text-sm text-slate-600">{DOCUMENT_TYPE_LABELS[doc.type]}</p>
          </div>
          <DeleteFile action={action} section="documents" id={doc.id} name={doc.name} />
        </li>
      ))}
    </ul>
  );
}
