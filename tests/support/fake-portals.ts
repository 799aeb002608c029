// Stand-ins for Rightmove's Real Time Datafeed and Zoopla's Real-time Listings API on local HTTPS ports, for
// tests: like the real ones they require the agency's client certificate (tests/fixtures/portal-tls), and they
// check every request against the portal's published schema (tests/fixtures/portal-schemas), answering as
// the portal would. Nothing reaches the internet. Integration tests start them in-process; the end-to-end
// run starts them in Playwright's global setup and tests read them through the /__fake/ control paths.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request as httpsRequest, type ServerOptions } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";

import { type PortalSchema, schemaErrors } from "./portal-schemas";

const tls = path.join(import.meta.dirname, "../fixtures/portal-tls");
const tlsFile = (name: string) => path.join(tls, name);

/** The environment that points the app at fake portals (client certificate, the fakes' CA, their URLs). */
export function fakePortalEnv({ rightmove, zoopla }: { rightmove?: string; zoopla?: string }) {
  return {
    ...(rightmove
      ? {
          RIGHTMOVE_NETWORK_ID: "1001",
          RIGHTMOVE_BRANCH_ID: "2002",
          RIGHTMOVE_RTDF_URL: rightmove,
          RIGHTMOVE_CERT_FILE: tlsFile("client.pem"),
          RIGHTMOVE_KEY_FILE: tlsFile("client.key"),
          RIGHTMOVE_CA_FILE: tlsFile("ca.pem"),
        }
      : {}),
    ...(zoopla
      ? {
          ZOOPLA_BRANCH_REFERENCE: "MW-LEICESTER",
          ZOOPLA_API_URL: zoopla,
          ZOOPLA_CERT_FILE: tlsFile("client.pem"),
          ZOOPLA_KEY_FILE: tlsFile("client.key"),
          ZOOPLA_CA_FILE: tlsFile("ca.pem"),
        }
      : {}),
  };
}

export type FakePortalName = "rightmove" | "zoopla";

/**
 * How the fake answers: "ok" as the portal does; "reject" refuses every request (a 400 with the portal's
 * error shape); "fail" answers 503; "hang" never answers (the app's timeout must end the request).
 */
export type FakePortalMode = "ok" | "reject" | "fail" | "hang";

export type PortalRequest = {
  portal: FakePortalName;
  /** e.g. "/v1/property/sendpropertydetails" or "/listing/update" */
  path: string;
  contentType: string;
  /** The client certificate's common name. */
  client: string;
  body: Record<string, unknown>;
  /** What the published schema says is wrong with the body (empty when it is valid). */
  schemaErrors: string[];
  at: string;
};

const ENDPOINTS: Record<FakePortalName, Record<string, PortalSchema>> = {
  rightmove: {
    "/v1/property/sendpropertydetails": "rightmove-send",
    "/v1/property/removeproperty": "rightmove-remove",
  },
  zoopla: { "/listing/update": "zoopla-update", "/listing/delete": "zoopla-delete" },
};

const rightmoveTime = (date: Date) => {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(date.getUTCDate())}-${p(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}`;
};

type Answer = [status: number, body: Record<string, unknown>];

function answerFor(
  portal: FakePortalName,
  endpoint: string,
  body: Record<string, unknown>,
  errors: string[],
  mode: FakePortalMode,
  known: Map<string, number>,
): Answer {
  const now = rightmoveTime(new Date());
  if (portal === "rightmove") {
    const ref = String((body.property as { agent_ref?: unknown } | undefined)?.agent_ref ?? "");
    const base = { request_id: randomUUID(), request_timestamp: now, response_timestamp: now };
    if (mode === "reject" || errors.length > 0)
      return [
        400,
        {
          ...base,
          message: "The request failed validation",
          success: false,
          property: null,
          errors: (errors.length ? errors : ["rejected by the fake portal"]).map((description) => ({
            error_code: "INVALID_REQUEST",
            error_description: description,
          })),
          warnings: null,
        },
      ];
    const removing = endpoint.endsWith("removeproperty");
    const id = known.get(ref) ?? 120_000_000 + known.size + 1;
    const change = removing ? "DELETE" : known.has(ref) ? "UPDATE" : "CREATE";
    if (removing) known.delete(ref);
    else known.set(ref, id);
    return [
      200,
      {
        ...base,
        message: removing ? "Property removed" : "Property sent",
        success: true,
        property: {
          agent_ref: ref,
          rightmove_id: id,
          rightmove_url: `https://www.rightmove.co.uk/properties/${id}`,
          change_type: change,
        },
        errors: null,
        warnings: null,
      },
    ];
  }
  const ref = String(body.listing_reference ?? "");
  if (mode === "reject" || errors.length > 0)
    return [
      400,
      {
        error_name: "invalid_json_schema",
        error_advice: "The request does not match the listing schema.",
        errors: errors.length ? errors : ["rejected by the fake portal"],
      },
    ];
  if (endpoint === "/listing/delete") {
    known.delete(ref);
    return [200, { status: "OK", listing_reference: ref }];
  }
  const isNew = !known.has(ref);
  const id = known.get(ref) ?? 70_000_000 + known.size + 1;
  known.set(ref, id);
  return [
    200,
    {
      status: "OK",
      listing_reference: ref,
      listing_etag: randomUUID(),
      url: `https://www.zoopla.co.uk/for-sale/details/${id}/`,
      new_listing: isNew,
    },
  ];
}

export type FakePortal = {
  name: FakePortalName;
  /** The base URL to configure, ending in "/". */
  url: string;
  requests: PortalRequest[];
  mode: FakePortalMode;
  close(): Promise<void>;
};

/** Starts a fake portal on `port` (0: any free port). */
export async function startFakePortal(name: FakePortalName, port = 0): Promise<FakePortal> {
  const known = new Map<string, number>();
  const options: ServerOptions = {
    cert: readFileSync(tlsFile("server.pem")),
    key: readFileSync(tlsFile("server.key")),
    ca: readFileSync(tlsFile("ca.pem")),
    requestCert: true,
    rejectUnauthorized: true,
  };
  const fake: FakePortal = {
    name,
    url: "",
    requests: [],
    mode: "ok",
    close: () => Promise.resolve(),
  };
  const server = createServer(options, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString("utf8");
      const route = (req.url ?? "/").split("?")[0]!;
      // Control paths, for tests in another process.
      if (route === "/__fake/requests" && req.method === "GET") return send(200, fake.requests);
      if (route === "/__fake/requests" && req.method === "DELETE") {
        fake.requests.length = 0;
        return send(200, {});
      }
      if (route === "/__fake/mode" && req.method === "POST") {
        fake.mode = (JSON.parse(text) as { mode: FakePortalMode }).mode;
        return send(200, {});
      }
      const schema = ENDPOINTS[name][route];
      if (!schema || req.method !== "POST") return send(404, { message: "no such endpoint" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(400, { message: "The body is not JSON" });
      }
      const errors = schemaErrors(schema, body);
      const client = (req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? "";
      fake.requests.push({
        portal: name,
        path: route,
        contentType: req.headers["content-type"] ?? "",
        client: String(client),
        body,
        schemaErrors: errors,
        at: new Date().toISOString(),
      });
      if (fake.mode === "hang") return;
      if (fake.mode === "fail") return send(503, { message: "Service temporarily unavailable" });
      const [status, answer] = answerFor(name, route, body, errors, fake.mode, known);
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Talks to a fake portal's control paths from another process (the end-to-end tests). */
export async function fakePortalControl<T>(url: string, method: "GET" | "POST" | "DELETE", body?: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method,
        cert: readFileSync(tlsFile("client.pem")),
        key: readFileSync(tlsFile("client.key")),
        ca: readFileSync(tlsFile("ca.pem")),
        headers: { "content-type": "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as T));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
