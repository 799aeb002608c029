// Drawing a search area on a Leaflet map (the results map of /property-search asks for it with `draw` in its
// MapSpec): "Draw an area" starts; each click on the map adds a corner (or "Add the map's centre", for the
// keyboard: the arrow keys move the map); "Finish" opens the search with the shape in the URL (`area`, an
// encoded polyline: app/modules/search/area.ts, the code the server reads it with); "Cancel" or Escape
// stops. Buttons, not gestures, so it is usable with a keyboard and a screen reader (a live status line says
// what happened). Without JavaScript none of this exists and the search is by radius.
import type * as Leaflet from "leaflet";

import { type Area, areaProblem, encodeArea, MAX_AREA_POINTS, MIN_AREA_POINTS } from "../modules/search/area";

const BUTTON =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-900 shadow-sm hover:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60";
const SHAPE = { color: "#047857", weight: 3 };

const button = (document: Document, text: string) =>
  Object.assign(document.createElement("button"), { type: "button", textContent: text, className: BUTTON });

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Adds the drawing control to `map`; `href` is the search (without an area) that the drawn area is added to. */
export function addDrawing(map: Leaflet.Map, L: typeof Leaflet, href: string, hasArea: boolean) {
  const document = map.getContainer().ownerDocument;
  const panel = document.createElement("div");
  panel.className = "flex max-w-64 flex-col items-end gap-1.5";
  const status = Object.assign(document.createElement("p"), {
    className: "rounded-md bg-white/95 px-2 py-1 text-xs text-slate-800 shadow-sm",
    hidden: true,
  });
  status.setAttribute("role", "status");
  const start = button(document, hasArea ? "Draw a new area" : "Draw an area");
  const add = button(document, "Add the map's centre");
  const undo = button(document, "Undo last point");
  const finish = button(document, "Finish");
  const cancel = button(document, "Cancel");
  const drawingButtons = [add, undo, finish, cancel];
  const row = document.createElement("div");
  row.className = "flex flex-wrap justify-end gap-1.5";
  row.append(...drawingButtons);
  panel.append(start, row, status);

  const control = new L.Control({ position: "topright" });
  control.onAdd = () => panel;
  control.addTo(map);
  L.DomEvent.disableClickPropagation(panel);
  L.DomEvent.disableScrollPropagation(panel);

  let points: Area = [];
  let drawing = false;
  const sketch = L.layerGroup().addTo(map);
  const say = (text: string) => {
    status.hidden = false;
    status.textContent = text;
  };

  const render = () => {
    sketch.clearLayers();
    const latLngs = points.map((p) => L.latLng(p.latitude, p.longitude));
    // The sketch and (app.css, [data-drawing]) the homes' pins let clicks through while drawing: a click on a pin
    // adds a corner there instead of opening the pin's popup.
    if (latLngs.length > 1)
      sketch.addLayer(L.polygon(latLngs, { ...SHAPE, dashArray: "6 6", fillOpacity: 0.1, interactive: false }));
    for (const latLng of latLngs)
      sketch.addLayer(L.circleMarker(latLng, { ...SHAPE, radius: 4, fillOpacity: 1, interactive: false }));
    map.getContainer().toggleAttribute("data-drawing", drawing);
    row.hidden = !drawing;
    start.hidden = drawing;
    undo.disabled = points.length === 0;
    add.disabled = points.length >= MAX_AREA_POINTS;
    finish.disabled = points.length < MIN_AREA_POINTS;
    map.getContainer().style.cursor = drawing ? "crosshair" : "";
  };

  const addPoint = (latLng: Leaflet.LatLng) => {
    if (!drawing || points.length >= MAX_AREA_POINTS) return;
    points = [...points, { latitude: round5(latLng.lat), longitude: round5(latLng.lng) }];
    render();
    say(
      points.length < MIN_AREA_POINTS
        ? `${points.length} ${points.length === 1 ? "point" : "points"}. Add at least ${MIN_AREA_POINTS}.`
        : `${points.length} points. Add more, or press Finish.`,
    );
  };
  const stop = (message: string) => {
    drawing = false;
    points = [];
    render();
    say(message);
    start.focus();
  };

  start.addEventListener("click", () => {
    drawing = true;
    points = [];
    map.closePopup();
    render();
    say("Click the map to add the corners of your area (or move the map and add its centre), then press Finish.");
    add.focus();
  });
  add.addEventListener("click", () => addPoint(map.getCenter()));
  undo.addEventListener("click", () => {
    points = points.slice(0, -1);
    render();
    say(`${points.length} ${points.length === 1 ? "point" : "points"}.`);
  });
  cancel.addEventListener("click", () => stop("Drawing cancelled."));
  finish.addEventListener("click", () => {
    const problem = areaProblem(points);
    if (problem) return say(problem);
    const url = new URL(href, document.location.href);
    url.searchParams.set("area", encodeArea(points));
    url.searchParams.delete("page");
    say("Searching inside your area…");
    document.location.assign(url.toString());
  });
  const onClick = (event: Leaflet.LeafletMouseEvent) => addPoint(event.latlng);
  const onKey = (event: KeyboardEvent) => {
    if (drawing && event.key === "Escape") stop("Drawing cancelled.");
  };
  map.on("click", onClick);
  map.getContainer().addEventListener("keydown", onKey);
  panel.addEventListener("keydown", onKey);
  render();

  return () => {
    map.off("click", onClick);
    map.getContainer().removeEventListener("keydown", onKey);
    control.remove();
    sketch.remove();
  };
}

/** The searched area, drawn on the map; the map is zoomed to it. */
export function showArea(map: Leaflet.Map, L: typeof Leaflet, area: Area) {
  const shape = L.polygon(
    area.map((p) => L.latLng(p.latitude, p.longitude)),
    { ...SHAPE, fillOpacity: 0.08, interactive: false },
  ).addTo(map);
  map.fitBounds(shape.getBounds(), { padding: [16, 16], animate: false });
  return () => shape.remove();
}
