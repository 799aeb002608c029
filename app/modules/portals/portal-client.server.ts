// One POST of a JSON payload to a portal, authenticated by the agency's client certificate (both Rightmove's
// Real Time Datafeed and Zoopla's Real-time Listings API use mutual TLS rather than keys or passwords). The
// certificate files are read for each request, so a renewed certificate is used without a restart.
import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { rootCertificates } from "node:tls";

import type { ClientCertificate } from "./settings.server";

/** The longest a portal may take to answer; Rightmove asks feeds to allow 30 seconds. */
const DEFAULT_TIMEOUT_MS = 30_000;
let timeoutMs = DEFAULT_TIMEOUT_MS;

/** For tests of a portal that never answers: how long to wait (no argument: back to 30 s). */
export function setPortalTimeout(ms = DEFAULT_TIMEOUT_MS) {
  timeoutMs = ms;
}

/** A portal's answer is a small JSON document; anything longer is not one. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export type PortalAnswer =
  | { ok: true; status: number; text: string; durationMs: number }
  /** No answer: the connection, TLS handshake or timeout failed, or the answer was too long. */
  | { ok: false; error: string; durationMs: number };

/** Plain HTTP is allowed only to this machine (a local stand-in); real portals are always HTTPS. */
const isLocalHttp = (url: URL) => url.protocol === "http:" && url.hostname === "127.0.0.1";

async function tlsOptions(certificate: ClientCertificate): Promise<https.RequestOptions> {
  const [cert, key, ca] = await Promise.all([
    readFile(certificate.certFile),
    readFile(certificate.keyFile),
    certificate.caFile ? readFile(certificate.caFile) : Promise.resolve(undefined),
  ]);
  return {
    cert,
    key,
    passphrase: certificate.passphrase,
    // Extra authorities are added to the usual ones, never instead of them.
    ...(ca ? { ca: [...rootCertificates, ca.toString("utf8")] } : {}),
  };
}

/** POSTs `body` as JSON to `address` with the client certificate; never throws. */
export async function postToPortal(
  address: string,
  body: unknown,
  { certificate, contentType }: { certificate: ClientCertificate; contentType: string },
): Promise<PortalAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let options: https.RequestOptions;
  try {
    url = new URL(address);
    if (url.protocol !== "https:" && !isLocalHttp(url))
      throw new Error(`the portal's address must be https: ${address}`);
    options = url.protocol === "https:" ? await tlsOptions(certificate) : {};
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err), durationMs: elapsed() };
  }
  const bytes = Buffer.from(JSON.stringify(body), "utf8");
  return new Promise<PortalAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: PortalAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const fail = (error: string) => finish({ ok: false, error, durationMs: elapsed() });
    const send = url.protocol === "https:" ? https.request : http.request;
    const req = send(
      url,
      {
        ...options,
        method: "POST",
        headers: {
          "Content-Type": contentType,
          "Content-Length": String(bytes.length),
          Accept: "application/json",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            fail(`the answer was longer than ${MAX_ANSWER_BYTES} bytes`);
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          finish({
            ok: true,
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            durationMs: elapsed(),
          }),
        );
        res.on("error", (err) => fail(err.message));
      },
    );
    const timer = setTimeout(() => {
      fail(`no answer within ${timeoutMs / 1000} s`);
      req.destroy();
    }, timeoutMs);
    req.on("error", (err) => fail(err.message));
    req.end(bytes);
  });
}
