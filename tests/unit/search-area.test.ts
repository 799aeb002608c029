import { describe, expect, test } from "vitest";

import {
  type Area,
  areaBands,
  areaProblem,
  decodeArea,
  encodeArea,
  insideArea,
  parseArea,
  polygonLiteral,
} from "../../app/modules/search/area";

const pt = (latitude: number, longitude: number) => ({ latitude, longitude });

// A box around central Leicester, and a "U" open to the north (concave): its notch is not in the area.
const square: Area = [pt(52.6, -1.2), pt(52.6, -1.0), pt(52.7, -1.0), pt(52.7, -1.2)];
const u: Area = [
  pt(52.6, -1.2),
  pt(52.6, -1.0),
  pt(52.7, -1.0),
  pt(52.7, -1.05),
  pt(52.65, -1.05),
  pt(52.65, -1.15),
  pt(52.7, -1.15),
  pt(52.7, -1.2),
];

describe("encoded polyline (precision 5)", () => {
  test("matches Google's published example and reads back", () => {
    const points = [pt(38.5, -120.2), pt(40.7, -120.95), pt(43.252, -126.453)];
    expect(encodeArea(points)).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    expect(decodeArea("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual(points);
  });

  test("rounds to 1e-5 degrees and round-trips", () => {
    const encoded = encodeArea([pt(52.634567891, -1.132849), ...square]);
    expect(decodeArea(encoded)![0]).toEqual(pt(52.63457, -1.13285));
    expect(encodeArea(decodeArea(encoded)!)).toBe(encoded);
  });

  test("text that is not a polyline is refused, not misread", () => {
    expect(decodeArea("")).toEqual([]);
    expect(decodeArea("_p~iF")).toBeNull(); // a latitude without its longitude
    expect(decodeArea("_p~iF~ps|")).toBeNull(); // a number cut off
    expect(decodeArea("_p~iF~ps|U ")).toBeNull(); // a character outside the alphabet
    expect(decodeArea("~~~~~~~~~~~~~~~~~~~~~~~")).toBeNull(); // a number longer than any coordinate
    expect(parseArea("x".repeat(1001))).toEqual({ problem: "The drawn area could not be read. Draw it again." });
  });
});

describe("area validation", () => {
  test("a simple shape in Great Britain is an area; a closing repeat of the first point is dropped", () => {
    expect(areaProblem(square)).toBeNull();
    expect(areaProblem(u)).toBeNull();
    const parsed = parseArea(encodeArea([...square, square[0]!]));
    expect(parsed).toEqual({ area: square, encoded: encodeArea(square) });
  });

  test("3 to 100 points", () => {
    expect(areaProblem(square.slice(0, 2))).toMatch(/3 to 100 points/);
    expect(areaProblem(square.slice(0, 3))).toBeNull();
    const circle = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        pt(52.6 + 0.1 * Math.sin((2 * Math.PI * i) / n), -1.1 + 0.1 * Math.cos((2 * Math.PI * i) / n)),
      );
    expect(areaProblem(circle(100))).toBeNull();
    expect(areaProblem(circle(101))).toMatch(/3 to 100 points/);
    expect(encodeArea(circle(100)).length).toBeLessThanOrEqual(1000);
  });

  test("inside Great Britain's box only", () => {
    expect(areaProblem([pt(48.8, 2.3), pt(48.9, 2.3), pt(48.9, 2.4)])).toMatch(/inside Great Britain/); // Paris
    expect(areaProblem([pt(52.6, -1.2), pt(52.6, 2.0), pt(52.7, -1.2)])).toMatch(/inside Great Britain/);
    expect(areaProblem([pt(Number.NaN, -1.2), pt(52.6, -1.0), pt(52.7, -1.2)])).toMatch(/inside Great Britain/);
  });

  test("degenerate shapes are refused: no space inside, repeated points, crossing or folded sides", () => {
    expect(areaProblem([pt(52.6, -1.2), pt(52.65, -1.1), pt(52.7, -1.0)])).toMatch(/no space inside/);
    expect(areaProblem([pt(52.6, -1.2), pt(52.6, -1.2), pt(52.6, -1.0), pt(52.7, -1.0)])).toMatch(/same point twice/);
    expect(areaProblem([pt(52.6, -1.2), pt(52.6, -1.0), pt(52.7, -1.0), pt(52.7, -1.0)])).toMatch(/same point twice/);
    // A bow tie: the sides cross in the middle.
    expect(areaProblem([pt(52.6, -1.2), pt(52.7, -1.0), pt(52.6, -1.0), pt(52.7, -1.2)])).toMatch(/cross/);
    // A side folding back over its neighbour.
    expect(areaProblem([pt(52.6, -1.2), pt(52.6, -1.0), pt(52.6, -1.1), pt(52.7, -1.1)])).toMatch(/cross/);
    // Two corners in the same place, not next to each other (the shape touches itself).
    expect(
      areaProblem([pt(52.6, -1.2), pt(52.65, -1.1), pt(52.6, -1.0), pt(52.7, -1.0), pt(52.65, -1.1), pt(52.7, -1.2)]),
    ).toMatch(/cross/);
    expect(parseArea(encodeArea(square.slice(0, 2)))).toEqual({ problem: "Draw an area with 3 to 100 points." });
  });
});

describe("point in area (the database's rule)", () => {
  test("inside, outside, and on the edges and corners (which count as inside)", () => {
    expect(insideArea(pt(52.65, -1.1), square)).toBe(true);
    expect(insideArea(pt(52.75, -1.1), square)).toBe(false);
    expect(insideArea(pt(52.65, -1.25), square)).toBe(false);
    expect(insideArea(pt(52.65, -0.95), square)).toBe(false);
    // On each side, and at each corner.
    for (const p of [pt(52.6, -1.1), pt(52.7, -1.1), pt(52.65, -1.2), pt(52.65, -1.0), ...square])
      expect(insideArea(p, square), JSON.stringify(p)).toBe(true);
    // The database's tolerance: within 1e-6 degrees of a side is on it; 3e-6 beyond is out.
    expect(insideArea(pt(52.7000009, -1.1), square)).toBe(true);
    expect(insideArea(pt(52.700003, -1.1), square)).toBe(false);
    expect(insideArea(pt(52.65, -0.999997), square)).toBe(false);
    // Level with a corner (the ray east runs along the top side or through a corner).
    expect(insideArea(pt(52.7, -1.3), square)).toBe(false);
    expect(insideArea(pt(52.6, -0.9), square)).toBe(false);
  });

  test("across a concave shape: the notch is outside, the arms and the base inside", () => {
    expect(insideArea(pt(52.68, -1.1), u)).toBe(false); // in the notch
    expect(insideArea(pt(52.68, -1.18), u)).toBe(true); // west arm
    expect(insideArea(pt(52.68, -1.02), u)).toBe(true); // east arm
    expect(insideArea(pt(52.62, -1.1), u)).toBe(true); // base
    // Level with the notch's floor: its ray runs along the floor and past both inner corners.
    expect(insideArea(pt(52.65, -1.19), u)).toBe(true);
    expect(insideArea(pt(52.65, -1.1), u)).toBe(true); // on the floor
    expect(insideArea(pt(52.65, -1.25), u)).toBe(false);
    // Level with the arms' tops, between them: outside; on the inner corners: inside.
    expect(insideArea(pt(52.7, -1.1), u)).toBe(false);
    expect(insideArea(pt(52.7, -1.05), u)).toBe(true);
    expect(insideArea(pt(52.7, -1.15), u)).toBe(true);
    // The winding direction does not matter.
    const reversed = [...u].reverse();
    for (const p of [pt(52.68, -1.1), pt(52.68, -1.18), pt(52.62, -1.1), pt(52.65, -1.19)])
      expect(insideArea(p, reversed)).toBe(insideArea(p, u));
  });

  test("the SQL literal lists longitude first, as the point it is compared with", () => {
    expect(polygonLiteral(square.slice(0, 3))).toBe("((-1.2,52.6),(-1,52.6),(-1,52.7))");
  });
});

describe("the bands of latitude an area reaches (the search reads each for its own longitudes)", () => {
  const PER_DEGREE = 20;
  const MARGIN = 1e-5;
  /** Whether the bands hold the point: its band (as the database computes it) is there, with its longitude. */
  const held = (bands: ReturnType<typeof areaBands>, p: { latitude: number; longitude: number }) =>
    bands.some(
      (b) =>
        b.band === Math.floor(p.latitude * PER_DEGREE) &&
        b.minLongitude <= p.longitude &&
        p.longitude <= b.maxLongitude,
    );

  test("a diamond: narrow bands at its tips, its full width in the middle, and its edges held", () => {
    const diamond: Area = [pt(52.5, -1.1), pt(52.6, -1.0), pt(52.7, -1.1), pt(52.6, -1.2)];
    const bands = areaBands(diamond, PER_DEGREE, MARGIN);
    // 52.5 − the margin lies in band 1049; 52.7 + the margin in 1054.
    expect(bands.map((b) => b.band)).toEqual([1049, 1050, 1051, 1052, 1053, 1054]);
    const width = (band: number) => {
      const b = bands.find((x) => x.band === band)!;
      return b.maxLongitude - b.minLongitude;
    };
    expect(width(1050)).toBeCloseTo(0.1, 4); // 52.50–52.55: half the diamond's width at most
    expect(width(1051)).toBeCloseTo(0.2, 4); // reaches the widest row, 52.6
    expect(width(1049)).toBeLessThan(0.001); // only the southern tip, within the margin
    for (const p of [...diamond, pt(52.55, -1.05), pt(52.65, -1.15), pt(52.6000009, -1.2000009)])
      expect(held(bands, p), JSON.stringify(p)).toBe(true);
  });

  test("every point the database counts as inside a drawn shape is in its band's longitudes", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let shape = 0; shape < 40; shape++) {
      // A shape as a buyer draws one, up to 20 miles from a centre in England, 4 to 30 corners.
      const centre = pt(51 + rand() * 3, -3 + rand() * 3);
      const reach = 0.01 + rand() * 0.3;
      const corners = 4 + Math.floor(rand() * 27);
      const area: Area = Array.from({ length: corners }, (_, i) => {
        const angle = (2 * Math.PI * i) / corners;
        const r = reach * (0.5 + rand() * 0.5);
        return pt(centre.latitude + r * Math.sin(angle), centre.longitude + 1.6 * r * Math.cos(angle));
      });
      const bands = areaBands(area, PER_DEGREE, MARGIN);
      const box = {
        south: Math.min(...area.map((p) => p.latitude)),
        north: Math.max(...area.map((p) => p.latitude)),
        west: Math.min(...area.map((p) => p.longitude)),
        east: Math.max(...area.map((p) => p.longitude)),
      };
      // Random points in the box, and points on and just beyond every side (within the database's tolerance).
      const points = Array.from({ length: 300 }, () =>
        pt(box.south + rand() * (box.north - box.south), box.west + rand() * (box.east - box.west)),
      );
      for (const [i, a] of area.entries()) {
        const b = area[(i + 1) % area.length]!;
        for (const t of [0, 0.3, 0.5, 0.9])
          for (const d of [0, 9e-7, -9e-7])
            points.push(
              pt(a.latitude + (b.latitude - a.latitude) * t + d, a.longitude + (b.longitude - a.longitude) * t - d),
            );
      }
      const missed = points.filter((p) => insideArea(p, area) && !held(bands, p));
      expect(missed).toEqual([]);
      // And the bands are the shape's, not its box's: together they span less than the box.
      const spanned = bands.reduce((sum, b) => sum + (b.maxLongitude - b.minLongitude), 0);
      if (bands.length > 3) expect(spanned).toBeLessThan(bands.length * (box.east - box.west));
    }
  });
});
