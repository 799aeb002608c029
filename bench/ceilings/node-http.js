// Ceiling for the JSON API: a bare node:http server answering a small JSON document.
import http from "node:http";

const body = JSON.stringify({ success: true, message: "ok", data: { id: 1, price: "£350,000" } });
http
  .createServer((req, res) => {
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
