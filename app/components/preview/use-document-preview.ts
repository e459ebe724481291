import { useEffect, useState } from "react";
import { ApiError } from "../../error-reporting/api-call";
import { PREVIEW_DELAY_MS } from "../../memorial/memorial-preview-url";

export interface ShownPreview {
  src: string;
  alt: string;
}

/**
 * The live preview of a document the donor is composing (a memorial sheet, a
 * greeting card): asked for PREVIEW_DELAY_MS after the last change, the
 * earlier request cancelled, the last good image kept while a field needs
 * correcting (a 400 is a field the form already marks; anything else is
 * worth a word: `failed`). `key` holds everything the image shows (null: not
 * enough to show yet); `request` turns it into an image URL (a blob URL is
 * revoked when replaced). `initial` is the no-JavaScript "Förhandsgranska"
 * answer's image, shown from the first render.
 */
export function useDocumentPreview(options: {
  key: string | null;
  alt: string;
  initial: ShownPreview | null;
  request: (key: string, signal: AbortSignal) => Promise<string>;
}): { shown: ShownPreview | null; busy: boolean; failed: boolean } {
  const { key, alt, initial, request } = options;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [shown, setShown] = useState<ShownPreview | null>(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!hydrated || key === null) return;
    const controller = new AbortController();
    const text = alt;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const src = await request(key, controller.signal);
        if (controller.signal.aborted) return URL.revokeObjectURL(src);
        setShown((previous) => {
          if (previous?.src.startsWith("blob:")) URL.revokeObjectURL(previous.src);
          return { src, alt: text };
        });
        setFailed(false);
      } catch (error) {
        if (!controller.signal.aborted && !(error instanceof ApiError && error.status === 400)) setFailed(true);
      } finally {
        if (!controller.signal.aborted) setBusy(false);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds everything the preview shows
  }, [key, hydrated]);

  return { shown, busy, failed };
}
