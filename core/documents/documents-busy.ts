/**
 * The renderer has as many documents waiting as it may queue (decision 0039):
 * a visitor's render is refused at once rather than left to wait behind the
 * others. Pages and the API answer 503 with `Retry-After` and the message.
 */
export class DocumentsBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("document renderer busy: the render queue is full");
    this.name = "DocumentsBusyError";
  }
}

export const DOCUMENTS_BUSY_MESSAGE = "Just nu skapas många dokument samtidigt. Vänta några sekunder och försök igen.";
