// The admin dashboard's two small charts, drawn on the server as SVG (no chart library, no JavaScript):
// projects by status, and viewing and valuation requests per week. Each SVG is an image whose title
// and description carry the numbers, so screen readers get the same facts.
import type { DashboardStats } from "../../modules/projects/dashboard-stats";

const STATUS = {
  pending: { label: "Pending", fill: "#b45309" },
  completed: { label: "Listed", fill: "#047857" },
  sold: { label: "Sold", fill: "#475569" },
} as const;
const VIEWINGS = "#047857";
const VALUATIONS = "#0369a1";

const plural = (count: number, what: string) => `${count} ${what} ${count === 1 ? "request" : "requests"}`;

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <div className="mt-3">{children}</div>
    </figure>
  );
}

function ProjectsByStatus({ projects }: { projects: DashboardStats["projects"] }) {
  const max = Math.max(1, ...projects.map((p) => p.count));
  const rowHeight = 28;
  const labelWidth = 70;
  const barWidth = 200;
  const summary = projects.map((p) => `${STATUS[p.status].label}: ${p.count}`).join(", ");
  return (
    <svg
      viewBox={`0 0 ${labelWidth + barWidth + 40} ${projects.length * rowHeight}`}
      role="img"
      aria-labelledby="chart-status-title"
      aria-describedby="chart-status-desc"
      className="h-auto w-full max-w-md"
    >
      <title id="chart-status-title">Projects by status</title>
      <desc id="chart-status-desc">{summary}.</desc>
      {projects.map((p, i) => {
        const width = Math.round((p.count / max) * barWidth);
        const y = i * rowHeight;
        return (
          <g key={p.status}>
            <text x={0} y={y + 18} fontSize="13" fill="#334155">
              {STATUS[p.status].label}
            </text>
            <rect x={labelWidth} y={y + 6} width={Math.max(width, 2)} height={16} rx={3} fill={STATUS[p.status].fill} />
            <text x={labelWidth + Math.max(width, 2) + 6} y={y + 18} fontSize="13" fontWeight="600" fill="#0f172a">
              {p.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function RequestsPerWeek({ requests }: { requests: DashboardStats["requests"] }) {
  const max = Math.max(1, ...requests.map((w) => Math.max(w.viewings, w.valuations)));
  const height = 110;
  const slot = 44;
  const bar = 16;
  const summary = requests
    .map(
      (w) =>
        `week of ${shortDate.format(new Date(w.week))}: ${plural(w.viewings, "viewing")}, ${plural(w.valuations, "valuation")}`,
    )
    .join("; ");
  return (
    <div>
      <svg
        viewBox={`0 0 ${requests.length * slot} ${height + 20}`}
        role="img"
        aria-labelledby="chart-requests-title"
        aria-describedby="chart-requests-desc"
        className="h-auto w-full max-w-lg"
      >
        <title id="chart-requests-title">{`Viewing and valuation requests per week, last ${requests.length} weeks`}</title>
        <desc id="chart-requests-desc">{summary}.</desc>
        <line x1={0} x2={requests.length * slot} y1={height} y2={height} stroke="#cbd5e1" />
        {requests.map((w, i) => {
          const x = i * slot + (slot - 2 * bar - 2) / 2;
          const h = (n: number) => Math.round((n / max) * (height - 10));
          return (
            <g key={String(w.week)}>
              <rect x={x} y={height - h(w.viewings)} width={bar} height={h(w.viewings)} fill={VIEWINGS} />
              <rect
                x={x + bar + 2}
                y={height - h(w.valuations)}
                width={bar}
                height={h(w.valuations)}
                fill={VALUATIONS}
              />
              <text x={i * slot + slot / 2} y={height + 15} fontSize="10" textAnchor="middle" fill="#475569">
                {shortDate.format(new Date(w.week))}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="mt-2 flex gap-4 text-xs text-slate-700" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: VIEWINGS }} /> Viewings
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: VALUATIONS }} /> Valuations
        </span>
      </p>
    </div>
  );
}

export function DashboardCharts({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Projects by status">
        <ProjectsByStatus projects={stats.projects} />
      </Card>
      <Card title="Requests per week">
        <RequestsPerWeek requests={stats.requests} />
      </Card>
    </div>
  );
}
