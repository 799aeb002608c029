// `[data-map]`: a Leaflet map of the MapSpec (JSON) the element carries; the server renders a fallback
// that stays without JavaScript (a list or a note), inside the element or, where React renders the map
// (app/components/leaflet-map.tsx), as the next sibling marked `data-map-fallback`, which is hidden while
// the map shows, so React's children are never replaced. Leaflet and its stylesheet load only on a
// page with a map. When `data-map` changes (a React page re-rendering, a postcode picked) the map follows:
// new markers, and the new centre. With `pick: true` a click on the map reports the point as a bubbling
// `map-pick` event ({ latitude, longitude }, six decimal places). A searched `area` is drawn as a shape, and
// `draw` adds the control for drawing a new one (./map-drawing.ts).
import type * as Leaflet from "leaflet";

import type { Area } from "../modules/search/area";
import { type Attach } from "./behaviour";
import { addDrawing, showArea } from "./map-drawing";

export type MapMarker = { latitude: number; longitude: number; label: string; detail?: string; href?: string };
export type MapSpec = {
  center: { latitude: number; longitude: number };
  zoom: number;
  /** The map's accessible name. */
  label: string;
  markers: MapMarker[];
  /** The background tiles (MAP_TILE_URL); null draws none. */
  tiles: { url: string; attribution: string } | null;
  /** Zoom to show every marker. */
  fitMarkers?: boolean;
  /** Report clicks as `map-pick` events. */
  pick?: boolean;
  /** A searched area, shown as a shape (the map zooms to it). */
  area?: Area;
  /** Offers drawing an area: on finish the page goes to `href` with the area added (`area=`). */
  draw?: { href: string };
  /** Leaflet's stylesheet (a hashed file under /assets). */
  stylesheet: string;
};
export type MapPick = { latitude: number; longitude: number };
/** The bubbling event a click on a `pick: true` map fires; `detail` is the MapPick. */
export const MAP_PICK = "map-pick";

// An SVG pin instead of Leaflet's default PNG icons (which need their image files wired up by hand).
const PIN_SVG =
  '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#047857"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export const attach: Attach = (element) => {
  let detached = false;
  let teardown = () => {};
  void Promise.all([import("leaflet"), loadStylesheet(element.ownerDocument, readSpec(element).stylesheet)]).then(
    ([module]) => {
      if (!detached) teardown = draw(element, (module as { default?: typeof Leaflet }).default ?? module);
    },
  );
  return () => {
    detached = true;
    teardown();
  };
};

const readSpec = (element: HTMLElement) => JSON.parse(element.dataset.map ?? "{}") as MapSpec;

function loadStylesheet(document: Document, href: string) {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  const loaded = new Promise((resolve) => link.addEventListener("load", resolve, { once: true }));
  document.head.append(link);
  return loaded;
}

function draw(element: HTMLElement, L: typeof Leaflet) {
  let spec = readSpec(element);
  const fallback = [...element.childNodes];
  element.replaceChildren();
  const sibling = element.nextElementSibling;
  const fallbackSibling = sibling instanceof HTMLElement && sibling.hasAttribute("data-map-fallback") ? sibling : null;
  if (fallbackSibling) fallbackSibling.hidden = true;
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", spec.label);
  const map = L.map(element, { scrollWheelZoom: false }).setView(
    [spec.center.latitude, spec.center.longitude],
    spec.zoom,
  );
  if (spec.tiles) L.tileLayer(spec.tiles.url, { attribution: spec.tiles.attribution }).addTo(map);
  const icon = L.divIcon({
    className: "",
    html: PIN_SVG,
    iconSize: [28, 40],
    iconAnchor: [14, 40],
    popupAnchor: [0, -36],
  });
  const pins = L.layerGroup().addTo(map);

  const showMarkers = () => {
    pins.clearLayers();
    for (const marker of spec.markers) {
      const pin = L.marker([marker.latitude, marker.longitude], { icon, title: marker.label, alt: marker.label });
      pins.addLayer(pin);
      if (marker.href) pin.bindPopup(popupOf(element.ownerDocument, marker));
    }
    // A searched area frames the map instead (showArea).
    if (spec.fitMarkers && !spec.area && spec.markers.length > 1)
      map.fitBounds(L.latLngBounds(spec.markers.map((m) => [m.latitude, m.longitude])), {
        padding: [32, 32],
        maxZoom: 14,
      });
  };
  showMarkers();
  const hideArea = spec.area ? showArea(map, L, spec.area) : () => {};
  const removeDrawing = spec.draw ? addDrawing(map, L, spec.draw.href, Boolean(spec.area)) : () => {};
  map.on("click", (event: Leaflet.LeafletMouseEvent) => {
    if (!spec.pick) return;
    const detail: MapPick = { latitude: round6(event.latlng.lat), longitude: round6(event.latlng.lng) };
    element.dispatchEvent(new CustomEvent(MAP_PICK, { detail, bubbles: true }));
  });

  const observer = new MutationObserver(() => {
    const next = readSpec(element);
    const moved =
      next.center.latitude !== spec.center.latitude ||
      next.center.longitude !== spec.center.longitude ||
      next.zoom !== spec.zoom;
    spec = next;
    element.setAttribute("aria-label", spec.label);
    if (moved) map.setView([spec.center.latitude, spec.center.longitude], spec.zoom);
    showMarkers();
  });
  observer.observe(element, { attributes: true, attributeFilter: ["data-map"] });
  return () => {
    observer.disconnect();
    hideArea();
    removeDrawing();
    map.remove();
    element.replaceChildren(...fallback);
    if (fallbackSibling) fallbackSibling.hidden = false;
  };
}

function popupOf(document: Document, marker: MapMarker) {
  const popup = document.createElement("div");
  popup.append(
    Object.assign(document.createElement("a"), {
      href: marker.href,
      className: "font-semibold text-emerald-800",
      textContent: marker.label,
    }),
  );
  if (marker.detail) popup.append(Object.assign(document.createElement("div"), { textContent: marker.detail }));
  return popup;
}
