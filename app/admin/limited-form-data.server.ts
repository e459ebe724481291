/** The largest bank file the back office takes; Bankgirot's daily files are kilobytes. */
export const BANK_FILE_MAX_BYTES = 5 * 1024 * 1024;

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body over ${maxBytes} bytes`);
    this.name = "TooLargeError";
  }
}

/**
 * A multipart form read with a ceiling. Nothing past the ceiling is kept; the
 * rest of a too-large body is read and dropped (up to twenty times the
 * ceiling, then the connection is given up) so the browser, still sending,
 * receives the clear refusal instead of a reset connection.
 */
export async function limitedFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (!request.body) return request.formData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes * 20) {
      await reader.cancel();
      break;
    }
    if (total <= maxBytes) chunks.push(value);
  }
  if (total > maxBytes) throw new TooLargeError(maxBytes);
  return new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}
