import { type JsonSchema, schemaAnchor, SchemaView } from "../components/api-docs/schema-view";
import { openApiDocument } from "../edge/openapi.server";
import { type Access, ACCESS_LABELS } from "../modules/api/openapi/access";
import type { Route } from "./+types/api.docs";

export const meta: Route.MetaFunction = () => [{ title: "API reference | MoveWise" }];

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema };
type Media = { schema?: JsonSchema; example?: unknown };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  "x-access": Access;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> }
  >;
};

/** The reference is rendered from the same generated document that /api/v1/openapi.json serves. */
export function loader() {
  const document = openApiDocument();
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "delete"] as const).flatMap((method) => {
      const op = (item as Record<string, Operation | undefined>)[method];
      return op ? [{ path, method, op }] : [];
    }),
  );
  const tags = [...new Set(operations.map((o) => o.op.tags[0]!))];
  return {
    description: document.info.description ?? "",
    groups: tags.map((tag) => ({ tag, operations: operations.filter((o) => o.op.tags[0] === tag) })),
    schemas: (document.components?.schemas ?? {}) as Record<string, JsonSchema>,
  };
}

const methodColours: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { description, groups, schemas } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
      <nav aria-label="API sections" className="mb-8 text-sm lg:sticky lg:top-4 lg:mb-0 lg:self-start">
        <p className="font-bold text-slate-900">Sections</p>
        <ul className="mt-2 space-y-1">
          {groups.map((g) => (
            <li key={g.tag}>
              <a href={`#${slug(g.tag)}`} className="text-emerald-800 underline-offset-2 hover:underline">
                {g.tag}
              </a>
            </li>
          ))}
          <li>
            <a href="#schemas" className="text-emerald-800 underline-offset-2 hover:underline">
              Schemas
            </a>
          </li>
        </ul>
      </nav>
      <div className="min-w-0">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">MoveWise API reference</h1>
        <p className="mt-2 text-slate-700">
          Version 1, under <code>/api/v1</code>. Machine-readable:{" "}
          <a href="/api/v1/openapi.json" className="font-semibold text-emerald-800 underline underline-offset-2">
            openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        <div className="mt-4 space-y-3 text-slate-800">
          {description.split("\n\n").map((paragraph, i) => (
            <p key={i}>{renderInline(paragraph)}</p>
          ))}
        </div>

        {groups.map((group) => (
          <section key={group.tag} aria-labelledby={slug(group.tag)} className="mt-12">
            <h2 id={slug(group.tag)} className="border-b border-slate-200 pb-2 text-2xl font-bold text-slate-900">
              {group.tag}
            </h2>
            {group.operations.map(({ path, method, op }) => (
              <OperationView key={op.operationId} path={path} method={method} op={op} />
            ))}
          </section>
        ))}

        <section aria-labelledby="schemas" className="mt-12">
          <h2 id="schemas" className="border-b border-slate-200 pb-2 text-2xl font-bold text-slate-900">
            Schemas
          </h2>
          {Object.entries(schemas).map(([name, schema]) => (
            <div key={name} id={schemaAnchor(name)} className="mt-6 scroll-mt-4">
              <h3 className="font-mono text-lg font-bold text-slate-900">{name}</h3>
              {schema.description ? <p className="text-sm text-slate-700">{schema.description}</p> : null}
              <div className="mt-2">
                <SchemaView schema={schema} />
              </div>
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}

function OperationView({ path, method, op }: { path: string; method: string; op: Operation }) {
  const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  return (
    <article id={op.operationId} className="mt-6 scroll-mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="flex flex-wrap items-center gap-3 font-mono text-base">
        <span className={`rounded px-2 py-0.5 text-sm font-bold uppercase ${methodColours[method]}`}>{method}</span>
        <span className="font-semibold break-all text-slate-900">/api/v1{path}</span>
      </h3>
      <p className="mt-2 font-semibold text-slate-900">{op.summary}</p>
      {op.description ? <p className="mt-1 text-slate-700">{renderInline(op.description)}</p> : null}
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">Who may call:</span> {ACCESS_LABELS[op["x-access"]]}
        {op["x-access"] !== "public" ? " (session cookie or Bearer token)" : ""}
      </p>

      {op.parameters?.length ? (
        <>
          <h4 className="mt-4 text-sm font-bold text-slate-900">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-semibold">{p.name}</code>{" "}
                <span className="text-slate-700">
                  ({p.in}
                  {p.required ? ", required" : ""})
                </span>
                {(p.description ?? p.schema.description) ? (
                  <span className="text-slate-600"> — {p.description ?? p.schema.description}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {body ? (
        <>
          <h4 className="mt-4 text-sm font-bold text-slate-900">
            Request body <span className="font-normal text-slate-700">({body[0]})</span>
          </h4>
          {body[1].schema ? <SchemaView schema={body[1].schema} /> : null}
          {body[1].example !== undefined ? <Example value={body[1].example} label="Example request body" /> : null}
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-bold text-slate-900">Responses</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {Object.entries(op.responses).map(([status, response]) => {
          const schema = response.content?.["application/json"]?.schema;
          return (
            <li key={status}>
              <span
                className={`mr-2 rounded px-1.5 py-0.5 font-mono font-bold ${Number(status) < 300 ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-900"}`}
              >
                {status}
              </span>
              {response.description}
              {schema && Number(status) < 300 ? (
                <details className="mt-1 ml-2">
                  <summary className="cursor-pointer text-emerald-800">Response body</summary>
                  <div className="mt-1">
                    <SchemaView schema={schema} />
                  </div>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

function Example({ value, label }: { value: unknown; label: string }) {
  return (
    <figure className="mt-2">
      <figcaption className="text-xs font-semibold text-slate-700">{label}</figcaption>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}

/** `code` spans and **bold** in the document's descriptions. */
function renderInline(text: string) {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) =>
    part.startsWith("`") ? (
      <code key={i} className="rounded bg-slate-100 px-1 text-[0.9em]">
        {part.slice(1, -1)}
      </code>
    ) : part.startsWith("**") ? (
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}
