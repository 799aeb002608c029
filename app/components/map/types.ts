export type MapMarker = { latitude: number; longitude: number; label: string; detail?: string; href?: string };

export type MapProps = {
  /** Where the map looks; changing it (or zoom) later moves the map there. */
  center: { latitude: number; longitude: number };
  zoom: number;
  height: number;
  markers: MapMarker[];
  /** From the root loader (MAP_TILE_URL); null draws no background map. */
  tiles: { url: string; attribution: string } | null;
  /** Makes the map a picker: a click reports the point. */
  onPick?: (latitude: number, longitude: number) => void;
  /** Zooms to show every marker. */
  fitMarkers?: boolean;
  label: string;
};
