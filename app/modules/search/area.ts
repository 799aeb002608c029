// A search area drawn on the map: a polygon of latitude/longitude points, carried in the search URL as a
// Google encoded polyline (precision 5: 1e-5 degrees, about a metre), which keeps 100 points in under 1,000
// characters. The encoding is written out here (no library: @mapbox/polyline, the usual one, pulls in a
// command-line parser). Plain TypeScript, so the browser's drawing behaviour encodes with the same code
// the server decodes with. Decision: docs/decisions/0012-drawn-area-search.md.

export type LatLng = { latitude: number; longitude: number };
export type Area = LatLng[];

export const MIN_AREA_POINTS = 3;
export const MAX_AREA_POINTS = 100;
/** The longest encoded area: 100 points of at most 10 characters each (5 per coordinate in Great Britain). */
export const MAX_AREA_LENGTH = 1000;

/** A box around Great Britain (Scilly and St Kilda to Shetland and Lowestoft): searches are for homes here. */
export const GREAT_BRITAIN = { minLatitude: 49.8, maxLatitude: 61, minLongitude: -8.7, maxLongitude: 1.8 };

export const UNREADABLE_AREA = "The drawn area could not be read. Draw it again.";

const SCALE = 1e5;

function encodeNumber(value: number) {
  let n = value < 0 ? ~(value << 1) : value << 1;
  let text = "";
  while (n >= 0x20) {
    text += String.fromCharCode((0x20 | (n & 0x1f)) + 63);
    n >>>= 5;
  }
  return text + String.fromCharCode(n + 63);
}

/** The encoded polyline of the points, each rounded to 1e-5 degrees. */
export function encodeArea(points: Area): string {
  let lastLat = 0;
  let lastLng = 0;
  let text = "";
  for (const point of points) {
    const lat = Math.round(point.latitude * SCALE);
    const lng = Math.round(point.longitude * SCALE);
    text += encodeNumber(lat - lastLat) + encodeNumber(lng - lastLng);
    lastLat = lat;
    lastLng = lng;
  }
  return text;
}

/** The points of an encoded polyline, or null when the text is not one (a stray character, a cut-off number). */
export function decodeArea(text: string): Area | null {
  const points: Area = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= text.length || shift > 25) return null;
      const byte = text.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >>> 1) : result >>> 1;
  };
  while (index < text.length) {
    const dLat = next();
    const dLng = dLat === null ? null : next();
    if (dLat === null || dLng === null) return null;
    lat += dLat;
    lng += dLng;
    points.push({ latitude: lat / SCALE, longitude: lng / SCALE });
  }
  return points;
}

// Exact integer geometry on the 1e-5 grid the encoding keeps: products stay below 2^53.
type GridPoint = [x: number, y: number];
const onGrid = (p: LatLng): GridPoint => [Math.round(p.longitude * SCALE), Math.round(p.latitude * SCALE)];
const cross = (o: GridPoint, a: GridPoint, b: GridPoint) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const within = (a: number, b: number, c: number) => Math.min(a, b) <= c && c <= Math.max(a, b);
const onSegment = (a: GridPoint, b: GridPoint, p: GridPoint) =>
  cross(a, b, p) === 0 && within(a[0], b[0], p[0]) && within(a[1], b[1], p[1]);

function segmentsMeet(a: GridPoint, b: GridPoint, c: GridPoint, d: GridPoint) {
  const d1 = Math.sign(cross(c, d, a));
  const d2 = Math.sign(cross(c, d, b));
  const d3 = Math.sign(cross(a, b, c));
  const d4 = Math.sign(cross(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return onSegment(c, d, a) || onSegment(c, d, b) || onSegment(a, b, c) || onSegment(a, b, d);
}

/**
 * Why the points are not a searchable area (a sentence for the person who drew it), or null when they are:
 * 3 to 100 points (a last point repeating the first is dropped first: see closeArea) inside Great Britain,
 * enclosing some ground, with sides that neither cross nor touch except where neighbours share a corner.
 * A simple polygon is what makes the SQL operator and insideArea agree (see there).
 */
export function areaProblem(points: Area): string | null {
  if (points.length < MIN_AREA_POINTS || points.length > MAX_AREA_POINTS)
    return `Draw an area with ${MIN_AREA_POINTS} to ${MAX_AREA_POINTS} points.`;
  const gb = GREAT_BRITAIN;
  if (
    points.some(
      (p) =>
        !(p.latitude >= gb.minLatitude && p.latitude <= gb.maxLatitude) ||
        !(p.longitude >= gb.minLongitude && p.longitude <= gb.maxLongitude),
    )
  )
    return "Draw your area inside Great Britain.";
  const grid = points.map(onGrid);
  const n = grid.length;
  const [first] = grid;
  const other = grid.find((p) => p[0] !== first![0] || p[1] !== first![1]);
  if (!other || grid.every((p) => cross(first!, other, p) === 0))
    return "The drawn area has no space inside it. Draw a shape around the homes you want.";
  const repeated = (p: GridPoint, q: GridPoint) => p[0] === q[0] && p[1] === q[1];
  if (grid.some((p, i) => repeated(p, grid[(i + 1) % n]!)))
    return "The drawn area has the same point twice in a row. Draw it again.";
  for (let i = 0; i < n; i++) {
    const a = grid[i]!;
    const b = grid[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = grid[j]!;
      const d = grid[(j + 1) % n]!;
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      // Neighbouring sides share one corner; they must not fold back over each other.
      const meet = neighbours
        ? j === i + 1
          ? onSegment(a, b, d) || onSegment(c, d, a)
          : onSegment(a, b, c) || onSegment(c, d, b)
        : segmentsMeet(a, b, c, d);
      if (meet) return "The sides of the drawn area cross. Draw it again without crossing lines.";
    }
  }
  return null;
}

/** The points without a closing repeat of the first (drawing tools often close the ring). */
export function closeArea(points: Area): Area {
  const first = points[0];
  const last = points[points.length - 1];
  return points.length > 1 && first && last && encodeArea([first]) === encodeArea([last])
    ? points.slice(0, -1)
    : points;
}

/** An encoded area read and checked: the canonical encoding and its points, or what is wrong with it. */
export function parseArea(text: string): { area: Area; encoded: string } | { problem: string } {
  const decoded = text.length <= MAX_AREA_LENGTH ? decodeArea(text) : null;
  if (!decoded) return { problem: UNREADABLE_AREA };
  const area = closeArea(decoded);
  const problem = areaProblem(area);
  return problem ? { problem } : { area, encoded: encodeArea(area) };
}

export function areaBounds(area: Area) {
  const lats = area.map((p) => p.latitude);
  const lngs = area.map((p) => p.longitude);
  return {
    minLatitude: Math.min(...lats),
    maxLatitude: Math.max(...lats),
    minLongitude: Math.min(...lngs),
    maxLongitude: Math.max(...lngs),
  };
}

/** The longitudes an area reaches within one band of latitude (see areaBands). */
export type AreaBand = { band: number; minLongitude: number; maxLongitude: number };

/**
 * The bands of latitude an area crosses (band b holds latitudes b / perDegree up to (b + 1) / perDegree), each
 * with the longitudes the area reaches inside it, all widened by `margin` degrees every way: a point of the area
 * (or within `margin` of it) lies in its band's longitudes. A search reads each band for those longitudes only,
 * less than the area's bounding box (decision 0038). The area's part of a band is a polygon whose corners
 * are the area's own corners there and the points where its sides cross the band's edges, so its longitudes
 * run between those corners' least and greatest.
 */
export function areaBands(area: Area, perDegree: number, margin: number): AreaBand[] {
  const { minLatitude, maxLatitude } = areaBounds(area);
  const bands: AreaBand[] = [];
  for (let band = Math.floor((minLatitude - margin) * perDegree); band <= (maxLatitude + margin) * perDegree; band++) {
    const south = band / perDegree - margin;
    const north = (band + 1) / perDegree + margin;
    let minLongitude = Number.POSITIVE_INFINITY;
    let maxLongitude = Number.NEGATIVE_INFINITY;
    area.forEach((a, i) => {
      const b = area[(i + 1) % area.length]!;
      const rise = b.latitude - a.latitude;
      // The part of the side a → b (a + t·(b − a), t from 0 to 1) inside the band.
      let from = 0;
      let to = 1;
      if (rise === 0) {
        if (a.latitude < south || a.latitude > north) return;
      } else {
        const [t1, t2] = [(south - a.latitude) / rise, (north - a.latitude) / rise];
        from = Math.max(0, Math.min(t1, t2));
        to = Math.min(1, Math.max(t1, t2));
        if (from > to) return;
      }
      for (const t of [from, to]) {
        const longitude = a.longitude + t * (b.longitude - a.longitude);
        minLongitude = Math.min(minLongitude, longitude);
        maxLongitude = Math.max(maxLongitude, longitude);
      }
    });
    if (minLongitude <= maxLongitude)
      bands.push({ band, minLongitude: minLongitude - margin, maxLongitude: maxLongitude + margin });
  }
  return bands;
}

// PostgreSQL's geometric tolerance (EPSILON in its geo_decls.h): its comparisons of coordinates are fuzzy by this much.
const EPSILON = 1e-6;
const isZero = (a: number) => Math.abs(a) <= EPSILON;
const isBelow = (a: number, b: number) => a + EPSILON < b;
const isAbove = (a: number, b: number) => a > b + EPSILON;
const ON_EDGE = Number.POSITIVE_INFINITY;

/**
 * How the side from (px, py) to (x, y), both relative to the point tested, crosses the ray from the point
 * along +x (longitude east): ±2 for a crossing upward or downward, ±1 for a side that ends on the ray,
 * 0 for none, ON_EDGE when the side passes through the point. The same cases, in the same order and with
 * the same tolerance, as PostgreSQL's `point <@ polygon`.
 */
function rayCrossing(x: number, y: number, px: number, py: number): number {
  if (isZero(y)) {
    if (isZero(x)) return ON_EDGE;
    if (isAbove(x, 0)) {
      if (isZero(py)) return isAbove(px, 0) ? 0 : ON_EDGE;
      return isBelow(py, 0) ? 1 : -1;
    }
    if (isZero(py)) return isBelow(px, 0) ? 0 : ON_EDGE;
    return 0;
  }
  const direction = isAbove(y, 0) ? 1 : -1;
  if (isZero(py)) return isBelow(px, 0) ? 0 : direction;
  if ((direction < 0 && isBelow(py, 0)) || (direction > 0 && isAbove(py, 0))) return 0;
  // The side goes from one side of the ray's line to the other: where does it cross?
  if (x + EPSILON >= 0 && isAbove(px, 0)) return 2 * direction;
  if (isBelow(x, 0) && px <= EPSILON) return 0;
  const z = (x - px) * y - (y - py) * x;
  if (isZero(z)) return ON_EDGE;
  if ((direction < 0 && isBelow(z, 0)) || (direction > 0 && isAbove(z, 0))) return 0;
  return 2 * direction;
}

/**
 * Whether a home is inside the area, exactly as the database decides it (`point(longitude, latitude) <@
 * polygon`, PostgreSQL and PGlite alike), so tests and callers outside SQL cannot disagree with a search.
 *
 * The rule: count the sides crossing a ray from the point eastward; inside when they do not cancel out.
 * For the simple polygons areaProblem admits that is the even-odd rule. Edges and corners count as
 * inside: a point on a side or a corner, or within 1e-6 degrees of one (about 10 cm, the database's
 * tolerance), is in the area. Coordinates are plain degrees (longitude as x): a drawn area is small
 * enough that the map's projection does not bend its straight sides noticeably.
 */
export function insideArea(point: LatLng, area: Area): boolean {
  const first = area[0];
  if (!first) return false;
  const x0 = first.longitude - point.longitude;
  const y0 = first.latitude - point.latitude;
  let px = x0;
  let py = y0;
  let total = 0;
  for (let i = 1; i <= area.length; i++) {
    const vertex = area[i];
    const x = vertex ? vertex.longitude - point.longitude : x0;
    const y = vertex ? vertex.latitude - point.latitude : y0;
    const crossing = rayCrossing(x, y, px, py);
    if (crossing === ON_EDGE) return true;
    total += crossing;
    px = x;
    py = y;
  }
  return total !== 0;
}

/** The area as a PostgreSQL polygon literal, "((lng,lat),…)": numbers as JavaScript prints them, which read back exactly. */
export const polygonLiteral = (area: Area) => `(${area.map((p) => `(${p.longitude},${p.latitude})`).join(",")})`;
