// The energy efficiency chart as an EPC draws it: bands A (most efficient) to G as bars of growing
// length, with the home's current and potential bands marked on the right.
import { EPC_BANDS, type EpcBand } from "../../modules/listings/epc";

const ROW = 34;
const GAP = 6;
const TOP = 34;
const BAR_X = 8;
const BAR_MIN = 100;
const BAR_STEP = 22;
const COLUMN_WIDTH = 74;
const WIDTH = 440;
const CURRENT_X = WIDTH - COLUMN_WIDTH * 2;
const POTENTIAL_X = WIDTH - COLUMN_WIDTH;

/** Dark text on the light bands, white on the dark ones (contrast of at least 4.5:1 either way). */
const LIGHT_BANDS = new Set<EpcBand>(["C", "D", "E"]);

function Marker({ band, x }: { band: EpcBand; x: number }) {
  const row = EPC_BANDS.findIndex((b) => b.band === band);
  const y = TOP + row * (ROW + GAP);
  const colour = EPC_BANDS[row]!.colour;
  const width = COLUMN_WIDTH - 14;
  return (
    <g>
      <path d={`M${x + 4} ${y + ROW / 2} L${x + 18} ${y} H${x + width} V${y + ROW} H${x + 18} Z`} fill={colour} />
      <text
        x={x + 18 + (width - 18) / 2}
        y={y + ROW / 2 + 6}
        textAnchor="middle"
        fontSize="17"
        fontWeight="700"
        fill={LIGHT_BANDS.has(band) ? "#0f172a" : "#ffffff"}
      >
        {band}
      </text>
    </g>
  );
}

export function EpcGraph({ current, potential }: { current: EpcBand; potential: EpcBand | null }) {
  const height = TOP + EPC_BANDS.length * (ROW + GAP) + 4;
  const label = `Energy efficiency rating: currently band ${current}${potential ? `, potentially band ${potential}` : ""}.`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label} className="h-auto w-full max-w-lg">
      <text x={BAR_X} y={20} fontSize="13" fontWeight="600" fill="#334155">
        Score and band
      </text>
      <text
        x={CURRENT_X + COLUMN_WIDTH / 2 + 4}
        y={20}
        textAnchor="middle"
        fontSize="13"
        fontWeight="600"
        fill="#334155"
      >
        Current
      </text>
      <text
        x={POTENTIAL_X + COLUMN_WIDTH / 2 + 4}
        y={20}
        textAnchor="middle"
        fontSize="13"
        fontWeight="600"
        fill="#334155"
      >
        Potential
      </text>
      <line x1={CURRENT_X} y1={TOP - 6} x2={CURRENT_X} y2={height} stroke="#cbd5e1" />
      <line x1={POTENTIAL_X} y1={TOP - 6} x2={POTENTIAL_X} y2={height} stroke="#cbd5e1" />
      {EPC_BANDS.map(({ band, range, colour }, i) => {
        const y = TOP + i * (ROW + GAP);
        const width = BAR_MIN + i * BAR_STEP;
        const ink = LIGHT_BANDS.has(band) ? "#0f172a" : "#ffffff";
        return (
          <g key={band}>
            <path
              d={`M${BAR_X} ${y} H${BAR_X + width} L${BAR_X + width + 14} ${y + ROW / 2} L${BAR_X + width} ${y + ROW} H${BAR_X} Z`}
              fill={colour}
            />
            <text x={BAR_X + 10} y={y + ROW / 2 + 5} fontSize="14" fontWeight="600" fill={ink}>
              {range}
            </text>
            <text x={BAR_X + width - 8} y={y + ROW / 2 + 7} textAnchor="end" fontSize="19" fontWeight="800" fill={ink}>
              {band}
            </text>
          </g>
        );
      })}
      <Marker band={current} x={CURRENT_X} />
      {potential ? <Marker band={potential} x={POTENTIAL_X} /> : null}
    </svg>
  );
}
