// One upload tab of the admin details page (photos, floor plans or documents): what is stored, with
// per-file and whole-section delete, photo descriptions and order, and an upload form.
// Without JavaScript the upload form is a plain multipart post. With it, the files go to the JSON API with
// XMLHttpRequest so that a dialog can show the real progress of the upload from the browser's upload events.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";

import type { ProjectMedia } from "../../modules/media/project-media";
import {
  ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  formatMegabytes,
  formatTimeLeft,
  IMAGE_MAX_BYTES,
  type MediaSection,
  SECTION_TITLES,
  sectionKind,
  uploadFailureMessage,
  uploadSuccessMessage,
} from "../../modules/media/upload-rules";
import { inputClass, useHydrated } from "../form-basics";
import { buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { DeleteAll, DocumentList, FloorPlanList, ImageList } from "./media-lists";

type Props = { projectId: number; section: MediaSection; media: ProjectMedia };

const HINTS: Record<MediaSection, string> = {
  images: `JPEG, PNG or WebP photos, up to ${formatMegabytes(IMAGE_MAX_BYTES)} each. They are stored as WebP without their camera data (EXIF, GPS location). The first photo is the listing's cover.`,
  floorplans: `JPEG, PNG or WebP images, up to ${formatMegabytes(IMAGE_MAX_BYTES)} each.`,
  documents: `PDF, DOC or DOCX files, up to ${formatMegabytes(DOCUMENT_MAX_BYTES)} each. Buyers download them from the listing.`,
};

/** Seconds the spec's dialog allows per file before the browser has reported any progress. */
const SECONDS_PER_FILE_ESTIMATE = 2;
const CLOSE_AFTER_SUCCESS_MS = 1000;

type Notice = { type: "success" | "error"; message: string; detail?: string; section: MediaSection };

export function MediaTab({ projectId, section, media }: Props) {
  const [lastNotice, setNotice] = useState<Notice | null>(null);
  // The tabs share this component: a message about another tab's upload is not shown here.
  const notice = lastNotice?.section === section ? lastNotice : null;
  const mediaAction = `/admin-property-details/${projectId}/media?section=${section}`;
  const headingId = useId();
  const count =
    section === "images"
      ? media.images.length
      : section === "floorplans"
        ? media.floorPlans.length
        : media.documents.length;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {SECTION_TITLES[section]}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{HINTS[section]}</p>
      </div>
      <div role="status" aria-live="polite">
        {notice ? (
          <div
            className={`rounded-lg border p-4 ${notice.type === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-950" : "border-red-300 bg-red-50 text-red-950"}`}
          >
            <p className="font-semibold">{notice.message}</p>
            {notice.detail ? <p className="mt-1 text-sm">{notice.detail}</p> : null}
          </div>
        ) : null}
      </div>
      <UploadForm projectId={projectId} section={section} action={mediaAction} onNotice={setNotice} />
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-lg font-semibold text-slate-900">
            Current {sectionKind(section)} ({count})
          </h3>
          {count > 0 ? <DeleteAll section={section} count={count} action={mediaAction} /> : null}
        </div>
        {count === 0 ? <p className="mt-3 text-slate-600">No {sectionKind(section)} yet.</p> : null}
        {section === "images" && count > 0 ? <ImageList images={media.images} action={mediaAction} /> : null}
        {section === "floorplans" && count > 0 ? <FloorPlanList plans={media.floorPlans} action={mediaAction} /> : null}
        {section === "documents" && count > 0 ? (
          <DocumentList documents={media.documents} action={mediaAction} />
        ) : null}
      </div>
    </section>
  );
}

type Progress = { loaded: number; total: number; startedAt: number; files: number; done: boolean };

function UploadForm({
  projectId,
  section,
  action,
  onNotice,
}: {
  projectId: number;
  section: MediaSection;
  action: string;
  onNotice: (notice: Notice | null) => void;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const typeId = useId();
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const files = body.getAll("files").filter((f) => f instanceof File && f.size > 0).length;
    onNotice(null);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const startedAt = performance.now();
    setProgress({ loaded: 0, total: 0, startedAt, files, done: false });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress((p) => p && { ...p, loaded: e.loaded, total: e.total });
    };
    const fail = (detail?: string) => {
      request.current = null;
      setProgress(null);
      onNotice({ type: "error", message: uploadFailureMessage(section), detail, section });
    };
    xhr.onload = () => {
      let message: string | undefined;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) return fail(message ?? `The server answered ${xhr.status}.`);
      request.current = null;
      setProgress((p) => p && { ...p, done: true });
      form.reset();
      void revalidator.revalidate();
      closeTimer.current = setTimeout(() => {
        setProgress(null);
        onNotice({ type: "success", message: uploadSuccessMessage(section), section });
      }, CLOSE_AFTER_SUCCESS_MS);
    };
    xhr.onerror = () => fail("The connection was lost. Check your internet connection.");
    xhr.onabort = () => fail("The upload was cancelled.");
    xhr.open("PUT", `/api/v1/admin/projects/${projectId}/upload?section=${section}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(body);
  }

  return (
    <>
      <form
        method="post"
        encType="multipart/form-data"
        action={action}
        onSubmit={hydrated ? upload : undefined}
        className="flex flex-col gap-4 rounded-xl border border-dashed border-emerald-700/40 bg-emerald-50/40 p-5 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
            Choose {sectionKind(section)}
          </label>
          <input
            id={inputId}
            type="file"
            name="files"
            multiple
            required
            accept={ACCEPT[section]}
            className="mt-1.5 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700"
          />
        </div>
        {section === "documents" ? (
          <div>
            <label htmlFor={typeId} className="block text-sm font-semibold text-slate-900">
              Document type
            </label>
            <select id={typeId} name="documentType" defaultValue="EPC" className={`${inputClass} mt-1.5`}>
              {DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DOCUMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className={buttonClass()}>
          Upload
        </button>
      </form>
      {progress ? (
        <ProgressDialog section={section} progress={progress} onCancel={() => request.current?.abort()} />
      ) : null}
    </>
  );
}

function ProgressDialog({
  section,
  progress,
  onCancel,
}: {
  section: MediaSection;
  progress: Progress;
  onCancel: () => void;
}) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const fraction = progress.total > 0 ? progress.loaded / progress.total : 0;
  // The last few percent wait for the server to check and store the files (spec §9: at most 95% until done).
  const percent = progress.done ? 100 : Math.min(95, Math.round(fraction * 95));
  const elapsed = (now - progress.startedAt) / 1000;
  const secondsLeft =
    progress.loaded > 0 && elapsed > 0
      ? (progress.total - progress.loaded) / (progress.loaded / elapsed)
      : Math.max(0, SECONDS_PER_FILE_ESTIMATE * progress.files - elapsed);
  const timeLeft = progress.done ? "Almost done..." : formatTimeLeft(secondsLeft);
  const labelId = useId();
  return (
    <Dialog
      open
      onClose={progress.done ? () => undefined : onCancel}
      title={progress.done ? uploadSuccessMessage(section) : `Uploading ${sectionKind(section)}`}
    >
      <div className="space-y-3">
        <p id={labelId} className="text-sm text-slate-700">
          {progress.files} {progress.files === 1 ? "file" : "files"} · {formatBytes(progress.loaded)} of{" "}
          {progress.total ? formatBytes(progress.total) : "…"}
        </p>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-emerald-700" style={{ width: `${percent}%` }} />
        </div>
        <p className="flex justify-between text-sm text-slate-800">
          <span>{percent}%</span>
          <span>{progress.done || fraction >= 1 ? "Almost done..." : `Time left: ${timeLeft}`}</span>
        </p>
        {progress.done ? null : (
          <button type="button" onClick={onCancel} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Cancel upload
          </button>
        )}
      </div>
    </Dialog>
  );
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
