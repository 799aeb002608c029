// A simple but plausible floor plan for a demo home, drawn as SVG (rasterised by the seed).
// Rooms come from the home's type and room counts; each floor is laid out as a squarified treemap of
// its rooms, sized so the floors add up to the advertised floor area.
import type { PropertyType } from "./listings";

export interface FloorPlanInput {
  address: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  receptions: number;
  sizeSqft: number;
  storeys?: number;
}

interface RoomSpec {
  name: string;
  /** Relative size within the floor. */
  weight: number;
  stairs?: boolean;
}

interface FloorSpec {
  name: string;
  rooms: RoomSpec[];
  /** Share of the total floor area. */
  share: number;
}

interface PlacedRoom extends RoomSpec {
  x: number;
  y: number;
  w: number;
  h: number;
}

const SQFT_PER_SQM = 10.7639;

// ---------------------------------------------------------------------------------------------
// Which rooms are on which floor

function bedroomRooms(first: number, count: number, enSuite: boolean): RoomSpec[] {
  const rooms: RoomSpec[] = [];
  for (let n = first; n < first + count; n++) {
    rooms.push({
      name: count === 1 && first === 1 ? "Bedroom" : `Bedroom ${n}`,
      weight: n === 1 ? 15 : n === 2 ? 12 : n >= 4 ? 8 : 9.5,
    });
    if (n === 1 && enSuite) rooms.push({ name: "En-suite", weight: 3.5 });
  }
  return rooms;
}

/** Reception rooms and the kitchen: a kitchen-diner when there is no dining room. */
function livingRooms(receptions: number, large: boolean): RoomSpec[] {
  const rooms: RoomSpec[] = [{ name: "Sitting room", weight: 17 }];
  if (receptions >= 2) rooms.push({ name: "Dining room", weight: 12 });
  if (receptions >= 3) rooms.push(large ? { name: "Family room", weight: 13 } : { name: "Study", weight: 7 });
  if (receptions <= 1) rooms.push({ name: "Kitchen/diner", weight: 18 });
  else if (large) rooms.push({ name: "Kitchen/breakfast room", weight: 17 });
  else rooms.push({ name: "Kitchen", weight: 11 });
  return rooms;
}

/** Three-storey town house: kitchen and garage downstairs, living room first, main bedroom on top. */
function townHouseFloors(bedrooms: number): FloorSpec[] {
  return [
    {
      name: "Ground floor",
      share: 0.34,
      rooms: [
        { name: "Kitchen/diner", weight: 18 },
        { name: "Garage", weight: 14 },
        { name: "WC", weight: 2 },
        { name: "Hall", weight: 5, stairs: true },
      ],
    },
    {
      name: "First floor",
      share: 0.33,
      rooms: [
        { name: "Living room", weight: 22 },
        ...bedroomRooms(3, bedrooms - 2, false),
        { name: "Landing", weight: 4.5, stairs: true },
      ],
    },
    {
      name: "Second floor",
      share: 0.33,
      rooms: [
        ...bedroomRooms(1, 2, true),
        { name: "Bathroom", weight: 6 },
        { name: "Landing", weight: 4, stairs: true },
      ],
    },
  ];
}

function floorsFor(home: FloorPlanInput): FloorSpec[] {
  const { propertyType, bedrooms, bathrooms, receptions } = home;
  const enSuite = bathrooms >= 2;
  const extraBathrooms = Math.max(0, bathrooms - (enSuite ? 2 : 1));

  if (propertyType === "Studio") {
    return [
      {
        name: "Apartment",
        share: 1,
        rooms: [
          { name: "Studio room", weight: 20 },
          { name: "Kitchen", weight: 5.5 },
          { name: "Shower room", weight: 3.5 },
          { name: "Entrance", weight: 2.5 },
        ],
      },
    ];
  }

  if (propertyType === "Flat/Apartment" || propertyType === "Bungalow") {
    const flat = propertyType === "Flat/Apartment";
    const rooms: RoomSpec[] = [
      flat ? { name: "Living/kitchen", weight: 22 } : { name: "Sitting room", weight: 17 },
      ...(flat ? [] : [{ name: "Kitchen/diner", weight: 13 }]),
      ...(!flat && receptions >= 2 ? [{ name: "Conservatory", weight: 9 }] : []),
      ...bedroomRooms(1, bedrooms, enSuite),
      { name: "Bathroom", weight: 5 },
      { name: "Hall", weight: flat ? 4 : 6 },
    ];
    return [{ name: flat ? "Apartment" : "Ground floor", share: 1, rooms }];
  }

  if (propertyType === "Maisonette") {
    return [
      {
        name: "Lower floor",
        share: 0.5,
        rooms: [
          { name: "Lounge", weight: 18 },
          { name: "Kitchen", weight: 9 },
          { name: "Stairs", weight: 4, stairs: true },
        ],
      },
      {
        name: "Upper floor",
        share: 0.5,
        rooms: [
          ...bedroomRooms(1, bedrooms, enSuite),
          { name: "Bathroom", weight: 5 },
          { name: "Landing", weight: 4, stairs: true },
        ],
      },
    ];
  }

  if (home.storeys === 3 && bedrooms >= 3) return townHouseFloors(bedrooms);

  // Houses (and the coach house): living downstairs, bedrooms upstairs, a top floor for the fifth bedroom on.
  const large = home.sizeSqft >= 1500;
  const ground: RoomSpec[] = [...livingRooms(receptions, large), { name: "Hall", weight: 6, stairs: true }];
  if (bathrooms >= 2 || large) ground.push({ name: "WC", weight: 1.8 });
  if (large) ground.push({ name: "Utility", weight: 4 });

  const upstairsBedrooms = Math.min(bedrooms, 4);
  const first: RoomSpec[] = [
    ...bedroomRooms(1, upstairsBedrooms, enSuite),
    { name: "Bathroom", weight: 6 },
    { name: "Landing", weight: 4.5, stairs: true },
  ];
  const floors: FloorSpec[] = [
    { name: "Ground floor", share: 0.5, rooms: ground },
    { name: "First floor", share: 0.5, rooms: first },
  ];
  if (bedrooms > upstairsBedrooms) {
    const top: RoomSpec[] = [
      ...bedroomRooms(upstairsBedrooms + 1, bedrooms - upstairsBedrooms, false),
      ...(extraBathrooms > 0 ? [{ name: "Shower room", weight: 3.5 }] : []),
      { name: "Landing", weight: 3, stairs: true },
    ];
    floors.push({ name: "Second floor", share: 0.16, rooms: top });
    floors[0]!.share = 0.42;
    floors[1]!.share = 0.42;
  }
  return floors;
}

/** Width / depth of the footprint: terraces are narrow and deep, bungalows wide. */
const ASPECT: Record<PropertyType, number> = {
  Detached: 1.25,
  "Semi-Detached": 0.95,
  Terraced: 0.62,
  "Flat/Apartment": 1.35,
  Bungalow: 1.5,
  Maisonette: 1.1,
  Studio: 1.15,
  Other: 1.1,
};

// ---------------------------------------------------------------------------------------------
// Layout: squarified treemap (Bruls, Huizing and van Wijk), which keeps rooms close to square

function worstRatio(areas: number[], side: number) {
  const sum = areas.reduce((a, b) => a + b, 0);
  return Math.max(...areas.map((a) => Math.max((side * side * a) / (sum * sum), (sum * sum) / (side * side * a))));
}

function treemap(rooms: (RoomSpec & { area: number })[], x: number, y: number, w: number, h: number): PlacedRoom[] {
  const placed: PlacedRoom[] = [];
  let rest = [...rooms].sort((a, b) => b.area - a.area);
  while (rest.length > 0) {
    const side = Math.min(w, h);
    let row = rest.slice(0, 1);
    while (row.length < rest.length) {
      const candidate = rest.slice(0, row.length + 1);
      if (
        worstRatio(
          candidate.map((r) => r.area),
          side,
        ) >
        worstRatio(
          row.map((r) => r.area),
          side,
        )
      )
        break;
      row = candidate;
    }
    rest = rest.slice(row.length);
    const rowArea = row.reduce((a, r) => a + r.area, 0);
    if (w >= h) {
      const columnWidth = rest.length > 0 ? rowArea / h : w;
      let top = y;
      for (const room of row) {
        const roomHeight = (room.area / rowArea) * h;
        placed.push({ ...room, x, y: top, w: columnWidth, h: roomHeight });
        top += roomHeight;
      }
      x += columnWidth;
      w -= columnWidth;
    } else {
      const rowHeight = rest.length > 0 ? rowArea / w : h;
      let left = x;
      for (const room of row) {
        const roomWidth = (room.area / rowArea) * w;
        placed.push({ ...room, x: left, y, w: roomWidth, h: rowHeight });
        left += roomWidth;
      }
      y += rowHeight;
      h -= rowHeight;
    }
  }
  return placed;
}

// ---------------------------------------------------------------------------------------------
// Drawing

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function feetAndInches(metres: number) {
  const totalInches = Math.round(metres * 39.3701);
  return `${Math.floor(totalInches / 12)}'${totalInches % 12}"`;
}

const area = (sqm: number) =>
  `${sqm.toFixed(1)} sq m / ${Math.round(sqm * SQFT_PER_SQM).toLocaleString("en-GB")} sq ft`;

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const CANVAS_WIDTH = 1200;
const MARGIN = 50;
const GAP = 60;
const HEADER = 110;
const FLOOR_TITLE = 56;
const FOOTER = 96;
const MAX_PLAN_HEIGHT = 560;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

// Average advance of a character as a fraction of the font size (DejaVu Sans is wide; bold wider).
const CHAR_WIDTH = 0.62;
const BOLD_CHAR_WIDTH = 0.7;

/** Name and both measurements when they fit; the name alone in small rooms and beside stairs. */
function label(room: PlacedRoom, box: Box, nameOnly: boolean) {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const metric = `${room.w.toFixed(2)}m x ${room.h.toFixed(2)}m`;
  const imperial = `${feetAndInches(room.w)} x ${feetAndInches(room.h)}`;
  const full = Math.min(
    19,
    (box.w - 10) / (room.name.length * BOLD_CHAR_WIDTH),
    (box.w - 10) / (Math.max(metric.length, imperial.length) * CHAR_WIDTH * 0.8),
    (box.h - 10) / 3.9,
  );
  if (!nameOnly && full >= 9) {
    const small = full * 0.8;
    return [
      `<text x="${cx}" y="${cy - full * 0.55}" font-size="${full.toFixed(1)}" font-weight="bold" text-anchor="middle">${escapeXml(room.name)}</text>`,
      `<text x="${cx}" y="${cy + full * 0.75}" font-size="${small.toFixed(1)}" text-anchor="middle">${metric}</text>`,
      `<text x="${cx}" y="${cy + full * 1.85}" font-size="${small.toFixed(1)}" text-anchor="middle">${escapeXml(imperial)}</text>`,
    ].join("");
  }
  const size = Math.min(17, (box.w - 6) / (room.name.length * BOLD_CHAR_WIDTH), (box.h - 6) / 1.4);
  if (size < 7) return "";
  return `<text x="${cx}" y="${cy + size * 0.35}" font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle">${escapeXml(room.name)}</text>`;
}

/**
 * Stair treads along the longer side of the hall or landing, from its top-left corner.
 * Returns the drawing and the part of the room left free for the label.
 */
function stairs(box: Box, scale: number): { svg: string; free: Box } {
  const tread = 0.25 * scale;
  const lines: string[] = [];
  const vertical = box.h >= box.w;
  const width = Math.min(vertical ? box.w : box.h, 0.95 * scale);
  const run = Math.min((vertical ? box.h : box.w) * 0.7, 13 * tread);
  const [w, h] = vertical ? [width, run] : [run, width];
  lines.push(
    `<rect x="${box.x}" y="${box.y}" width="${w}" height="${h}" fill="none" stroke="#555" stroke-width="1.5"/>`,
  );
  for (let t = tread; t < run - 1; t += tread) {
    lines.push(
      vertical
        ? `<line x1="${box.x}" y1="${box.y + t}" x2="${box.x + width}" y2="${box.y + t}" stroke="#777" stroke-width="1"/>`
        : `<line x1="${box.x + t}" y1="${box.y}" x2="${box.x + t}" y2="${box.y + width}" stroke="#777" stroke-width="1"/>`,
    );
  }
  // The label goes in the larger of the two strips beside and beyond the flight.
  const beside: Box = vertical
    ? { x: box.x + w, y: box.y, w: box.w - w, h: box.h }
    : { x: box.x, y: box.y + h, w: box.w, h: box.h - h };
  const beyond: Box = vertical
    ? { x: box.x, y: box.y + h, w: box.w, h: box.h - h }
    : { x: box.x + w, y: box.y, w: box.w - w, h: box.h };
  const fit = (b: Box) => Math.min(b.w / 4, b.h);
  return { svg: lines.join(""), free: fit(beside) >= fit(beyond) ? beside : beyond };
}

/** The floor plan of one home as an SVG document, with its pixel size. */
export function floorPlanSvg(home: FloorPlanInput): { svg: string; width: number; height: number } {
  const totalSqm = home.sizeSqft / SQFT_PER_SQM;
  const specs = floorsFor(home);
  const aspect = ASPECT[home.propertyType];
  // Every floor shares the ground floor's width; smaller floors are shallower.
  const width = Math.sqrt(totalSqm * specs[0]!.share * aspect);
  const floors = specs.map((spec) => {
    const floorSqm = totalSqm * spec.share;
    const depth = floorSqm / width;
    const weights = spec.rooms.reduce((a, r) => a + r.weight, 0);
    const rooms = treemap(
      spec.rooms.map((r) => ({ ...r, area: (r.weight / weights) * floorSqm })),
      0,
      0,
      width,
      depth,
    );
    return { ...spec, floorSqm, depth, rooms };
  });

  const maxDepth = Math.max(...floors.map((f) => f.depth));
  const available = CANVAS_WIDTH - 2 * MARGIN - GAP * (floors.length - 1);
  const scale = Math.min(available / (width * floors.length), MAX_PLAN_HEIGHT / maxDepth, 110);
  const plansWidth = width * scale * floors.length + GAP * (floors.length - 1);
  const height = Math.round(HEADER + FLOOR_TITLE + maxDepth * scale + FOOTER);
  let left = (CANVAS_WIDTH - plansWidth) / 2;

  const parts: string[] = [];
  for (const floor of floors) {
    const top = HEADER + FLOOR_TITLE;
    const cx = left + (width * scale) / 2;
    parts.push(
      `<text x="${cx}" y="${HEADER + 18}" font-size="22" font-weight="bold" text-anchor="middle">${floor.name}</text>`,
      `<text x="${cx}" y="${HEADER + 42}" font-size="15" fill="#555" text-anchor="middle">Approx. ${area(floor.floorSqm)}</text>`,
    );
    for (const room of floor.rooms) {
      const box = { x: left + room.x * scale, y: top + room.y * scale, w: room.w * scale, h: room.h * scale };
      const fill = room.stairs ? "#ecebe6" : room.name.startsWith("Bedroom") ? "#eef3f7" : "#f7f4ec";
      parts.push(
        `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${fill}" stroke="#333" stroke-width="3"/>`,
      );
      if (room.stairs) {
        const flight = stairs(box, scale);
        parts.push(flight.svg, label(room, flight.free, true));
      } else {
        parts.push(label(room, box, false));
      }
    }
    parts.push(
      `<rect x="${left}" y="${top}" width="${width * scale}" height="${floor.depth * scale}" fill="none" stroke="#222" stroke-width="8"/>`,
    );
    left += width * scale + GAP;
  }

  const titleSize = Math.min(28, (CANVAS_WIDTH - 2 * MARGIN) / (home.address.length * BOLD_CHAR_WIDTH));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS_WIDTH}" height="${height}" viewBox="0 0 ${CANVAS_WIDTH} ${height}" font-family="${FONT}" fill="#222">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${MARGIN}" y="52" font-size="${titleSize.toFixed(1)}" font-weight="bold">${escapeXml(home.address)}</text>
<text x="${MARGIN}" y="84" font-size="17" fill="#555">Floor plan · ${escapeXml(home.propertyType)}${home.bedrooms > 0 ? ` · ${home.bedrooms} bedroom${home.bedrooms === 1 ? "" : "s"}` : ""}</text>
<line x1="${MARGIN}" y1="${HEADER - 10}" x2="${CANVAS_WIDTH - MARGIN}" y2="${HEADER - 10}" stroke="#ccc" stroke-width="2"/>
${parts.join("\n")}
<text x="${CANVAS_WIDTH / 2}" y="${height - FOOTER + 46}" font-size="20" font-weight="bold" text-anchor="middle">Total approximate floor area: ${area(totalSqm)}</text>
<text x="${CANVAS_WIDTH / 2}" y="${height - FOOTER + 74}" font-size="14" fill="#666" text-anchor="middle">For illustration only: not to scale, measurements are approximate. Demo floor plan generated for MoveWise sample data.</text>
</svg>`;
  return { svg, width: CANVAS_WIDTH, height };
}
