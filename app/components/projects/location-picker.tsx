// The map location of a project: a click on the map sets it (with JavaScript); the text field holds it
// as the spec's "lat, lng" and can be typed. Empty means "use the postcode" when the project is saved.
import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";

import { PICKER_START } from "../../modules/projects/options";
import { formatMapLocation, type MapPoint, parseMapLocation } from "../../modules/projects/schemas";
import { ErrorList, inputClass, useHydrated } from "../form-basics";
import { LeafletMap } from "../leaflet-map";

const STREET_ZOOM = 16;

export function LocationPicker({ field, focus }: { field: FieldMetadata<string | undefined>; focus: MapPoint | null }) {
  const hydrated = useHydrated();
  const [text, setText] = useState(field.initialValue ?? "");
  const point = parseMapLocation(text);
  // The map starts on the saved point (or London, zoomed out) and moves only when a postcode is picked.
  const [start] = useState(() =>
    point ? { center: point, zoom: STREET_ZOOM } : { center: PICKER_START, zoom: PICKER_START.zoom },
  );
  const view = focus ? { center: focus, zoom: STREET_ZOOM } : start;
  const hintId = field.descriptionId;

  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-800">Location on the map</p>
      <LeafletMap
        center={view.center}
        zoom={view.zoom}
        height={PICKER_START.height}
        markers={point ? [{ ...point, label: "Your property" }] : []}
        label="Map: click your property to set its location"
        onPick={(point) => setText(formatMapLocation(point))}
        fallback="The map needs JavaScript. We'll place your property from its postcode, or you can type its map location below."
      />
      <div>
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
          Map location (optional)
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={field.id}
            name={field.name}
            type="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputMode="decimal"
            placeholder="e.g. 52.633900, -1.132800"
            aria-invalid={field.errors ? true : undefined}
            aria-describedby={[hintId, field.errors ? field.errorId : null].filter(Boolean).join(" ")}
            className={inputClass}
          />
          {hydrated && text ? (
            <button
              type="button"
              onClick={() => setText("")}
              className="rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
            >
              Clear
            </button>
          ) : null}
        </div>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hydrated
            ? "Click the map on your home to drop a pin (pick a postcode suggestion to zoom in), or leave it empty and we'll use the postcode."
            : "Latitude, longitude. Leave it empty and we'll use the postcode."}
        </p>
        <ErrorList id={field.errorId} errors={field.errors} />
      </div>
    </div>
  );
}
