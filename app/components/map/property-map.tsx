// A map that exists only in the browser: the server (and a browser without JavaScript) renders the
// fallback, then Leaflet loads on demand.
import { lazy, type ReactNode, Suspense } from "react";
import { useRouteLoaderData } from "react-router";

import type { loader as rootLoader } from "../../root";
import { useHydrated } from "../form-basics";
import type { MapProps } from "./types";

const LeafletMap = lazy(() => import("./map.client"));

export function PropertyMap({ fallback, ...props }: Omit<MapProps, "tiles"> & { fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const tiles = useRouteLoaderData<typeof rootLoader>("root")?.mapTiles ?? null;
  const placeholder = (
    <div
      style={{ height: props.height }}
      className="flex w-full items-center justify-center rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-600"
    >
      {fallback ?? "The map needs JavaScript."}
    </div>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LeafletMap {...props} tiles={tiles} />
    </Suspense>
  );
}
