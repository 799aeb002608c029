// A Leaflet map: markup here, the map drawn by app/browser/leaflet-map.ts from the `data-map` spec (the same
// module pages without React use). The fallback is a sibling the behaviour hides once the map is drawn,
// and the map's element stays empty in React, so React never manages what Leaflet puts there. A new centre
// or new markers change `data-map`, which the behaviour follows.
import leafletStylesheet from "leaflet/dist/leaflet.css?url";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";

import { attach, MAP_PICK, type MapPick, type MapSpec } from "../browser/leaflet-map";
import type { loader as rootLoader } from "../root";
import { useBehaviour } from "./use-behaviour";

type Props = Omit<MapSpec, "tiles" | "stylesheet"> & {
  height: number;
  /** What shows without JavaScript (and until Leaflet has loaded). */
  fallback: ReactNode;
  /** Makes the map a picker: a click reports the point. */
  onPick?: (point: MapPick) => void;
};

export function LeafletMap({ height, fallback, onPick, ...spec }: Props) {
  const tiles = useRouteLoaderData<typeof rootLoader>("root")?.mapTiles ?? null;
  const ref = useBehaviour(attach, { [MAP_PICK]: (event) => onPick?.(event.detail as MapPick) });
  const data: MapSpec = { ...spec, pick: onPick ? true : undefined, tiles, stylesheet: leafletStylesheet };
  return (
    <div style={{ height }} className="relative w-full">
      <div ref={ref} data-map={JSON.stringify(data)} className="absolute inset-0 z-0 rounded-xl bg-slate-100" />
      <div
        data-map-fallback=""
        className="absolute inset-0 flex items-center justify-center rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-600"
      >
        {fallback}
      </div>
    </div>
  );
}
