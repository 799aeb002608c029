// 'Add e- signature': a drawing canvas (pointer events, so mouse, touch and pen; 2 px black strokes) with
// Clear, and an upload of a signature image drawn into the same canvas. The signature is posted as a PNG
// data URL in a hidden field. Rendered only with JavaScript; without it the signer types their name.
import { useEffect, useId, useRef, useState } from "react";

import {
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  SIGNATURE_MESSAGES,
  sniffImageType,
} from "../../modules/projects/signature-image";
import { ErrorList } from "../form-basics";

type Point = { x: number; y: number };

export function SignaturePad({
  name,
  errors,
  onChange,
}: {
  name: string;
  errors?: string[];
  onChange: (hasSignature: boolean) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const last = useRef<Point | null>(null);
  const [dataUrl, setDataUrl] = useState("");
  const [uploadError, setUploadError] = useState<string | null>(null);
  const labelId = useId();
  const placeholderId = useId();
  const errorId = useId();

  // Match the canvas's pixels to its CSS size and the screen's density, so strokes stay sharp and 2 px wide,
  // up to the largest image the server accepts.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const { width, height } = canvas.getBoundingClientRect();
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_SIGNATURE_WIDTH / width, MAX_SIGNATURE_HEIGHT / height);
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d")!;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#000";
    ctx.fillStyle = "#000";
  }, []);

  const context = () => canvasRef.current!.getContext("2d")!;
  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  function commit() {
    setDataUrl(canvasRef.current!.toDataURL("image/png"));
    setUploadError(null);
    onChange(true);
  }

  function wipe() {
    const ctx = context();
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvasRef.current!.width, canvasRef.current!.height);
    ctx.restore();
  }

  function clear() {
    wipe();
    setDataUrl("");
    onChange(false);
  }

  async function upload(file: File) {
    if (file.size > MAX_SIGNATURE_BYTES) return setUploadError(SIGNATURE_MESSAGES.tooLarge);
    if (!sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer())))
      return setUploadError(SIGNATURE_MESSAGES.notImage);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const { width, height } = canvasRef.current!.getBoundingClientRect();
      const scale = Math.min((width * 0.9) / image.width, (height * 0.9) / image.height, 1);
      const w = image.width * scale;
      const h = image.height * scale;
      wipe();
      context().drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
      URL.revokeObjectURL(url);
      commit();
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setUploadError(SIGNATURE_MESSAGES.unreadable);
    };
    image.src = url;
  }

  const shownErrors = uploadError ? [uploadError] : errors;
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-sm font-medium text-slate-800">
        Add e- signature
      </p>
      <div className="relative mt-2">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="Signature pad: draw your signature with a mouse, finger or stylus"
          aria-describedby={
            [dataUrl ? null : placeholderId, shownErrors?.length ? errorId : null].filter(Boolean).join(" ") ||
            undefined
          }
          className="h-48 w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
          onPointerDown={(e) => {
            e.preventDefault();
            e.currentTarget.setPointerCapture(e.pointerId);
            const p = pointOf(e);
            last.current = p;
            // A tap leaves a dot.
            const ctx = context();
            ctx.beginPath();
            ctx.arc(p.x, p.y, 1, 0, Math.PI * 2);
            ctx.fill();
          }}
          onPointerMove={(e) => {
            if (!last.current) return;
            const p = pointOf(e);
            const ctx = context();
            ctx.beginPath();
            ctx.moveTo(last.current.x, last.current.y);
            ctx.lineTo(p.x, p.y);
            ctx.stroke();
            last.current = p;
          }}
          onPointerUp={() => {
            if (!last.current) return;
            last.current = null;
            commit();
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
        {dataUrl ? null : (
          <p
            id={placeholderId}
            className="pointer-events-none absolute inset-0 flex items-center justify-center px-4 text-center text-slate-600"
          >
            Draw or upload your signature to continue.
          </p>
        )}
      </div>
      <input type="hidden" name={name} value={dataUrl} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={clear}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          Clear
        </button>
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          Upload an image
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg"
          tabIndex={-1}
          aria-label="Signature image (PNG or JPEG, up to 1 MB)"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void upload(file);
          }}
        />
      </div>
      <ErrorList id={errorId} errors={shownErrors} />
    </div>
  );
}
