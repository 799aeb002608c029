// Reading a raw message's headers as a mail client shows them (the integration tests' SMTP inbox and the
// end-to-end tests' outbox).

/** A raw message's Subject, unfolded, its RFC 2047 encoded words (UTF-8, Q or B) decoded. */
export function subjectOf(raw: string) {
  const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/m.exec(header)?.[1] ?? "";
  return subject.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
