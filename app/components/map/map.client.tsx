// Leaflet touches `window` when imported, so this module only ever loads in the browser (*.client.tsx
// is empty in the server build); render it through <PropertyMap>, never directly.
import "leaflet/dist/leaflet.css";

import L from "leaflet";
import { useEffect, useRef } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";

import type { MapProps } from "./types";

// An SVG pin instead of Leaflet's default PNG icons (which need their image files wired up by hand).
const pin = L.divIcon({
  className: "",
  html: '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#047857"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
  popupAnchor: [0, -36],
});

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(Math.round(e.latlng.lat * 1e6) / 1e6, Math.round(e.latlng.lng * 1e6) / 1e6) });
  return null;
}

/** Moves the map when its centre or zoom prop changes (e.g. a postcode was picked), not on first render. */
function FollowCenter({ center, zoom }: Pick<MapProps, "center" | "zoom">) {
  const map = useMap();
  const first = useRef(true);
  const { latitude, longitude } = center;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    map.setView([latitude, longitude], zoom);
  }, [map, latitude, longitude, zoom]);
  return null;
}

function FitToMarkers({ markers }: { markers: MapProps["markers"] }) {
  const map = useMap();
  useEffect(() => {
    if (markers.length > 1)
      map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude])), { padding: [32, 32], maxZoom: 14 });
  }, [map, markers]);
  return null;
}

export default function LeafletMap({ center, zoom, height, markers, tiles, onPick, label, fitMarkers }: MapProps) {
  return (
    <MapContainer
      center={[center.latitude, center.longitude]}
      zoom={zoom}
      style={{ height }}
      className="z-0 w-full rounded-xl bg-slate-100"
      aria-label={label}
      scrollWheelZoom={false}
    >
      {tiles ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : null}
      {markers.map((m) => (
        <Marker
          key={`${m.latitude},${m.longitude},${m.label}`}
          position={[m.latitude, m.longitude]}
          icon={pin}
          title={m.label}
          alt={m.label}
        >
          {m.href ? (
            <Popup>
              <a href={m.href} className="font-semibold text-emerald-800">
                {m.label}
              </a>
              {m.detail ? <div>{m.detail}</div> : null}
            </Popup>
          ) : null}
        </Marker>
      ))}
      <FollowCenter center={center} zoom={zoom} />
      {onPick ? <ClickToPick onPick={onPick} /> : null}
      {fitMarkers ? <FitToMarkers markers={markers} /> : null}
    </MapContainer>
  );
}
