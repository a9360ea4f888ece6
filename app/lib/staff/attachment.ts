/**
 * A Content-Disposition header that makes the browser save a file under a safe version of its name
 * (RFC 6266): `filename` holds a plain ASCII fallback and `filename*` the name in UTF-8 (RFC 8187).
 * Path separators, control characters and characters Windows refuses in names are replaced, so the
 * saved file lands where the person chose, under a name every system accepts.
 */
export function attachmentDisposition(name: string): string {
  const safe =
    name
      .normalize("NFC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here.
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "")
      .replace(/[/\\:*?"<>|]/g, "_")
      .replace(/^[\s.]+|[\s.]+$/g, "")
      .slice(0, 150) || "document";
  const ascii = safe
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/%/g, "_");
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
