import { useEffect, useRef, useState } from "react";
import { ApiError } from "../error-reporting/api-call";
import { sourceUnavailable } from "./memorial-search";

/**
 * One of the memorial gift page's searches as the donor types: asked 300 ms
 * after typing stops (or at once with `run`, for the "Sök" button), the
 * earlier request aborted, failures turned into the page's Swedish words.
 * `initial` is what the server searched (a page re-rendered without
 * JavaScript), so the list is there before hydration too.
 */
export const SEARCH_DEBOUNCE_MS = 300;

export interface LiveSearchMessages {
  /** The source cannot be asked: what to do instead. */
  unavailable: string;
  /** What was typed needs correcting (a 400). */
  invalid: string;
}

const TOO_MANY = "Du har sökt många gånger på kort tid. Vänta en minut och försök igen.";

export function useLiveSearch<Query, Item>(options: {
  query: Query;
  /** Null when too little was typed: nothing is asked. */
  search: (query: Query, signal: AbortSignal) => Promise<{ items: Item[] } | null>;
  initial: { items: Item[]; error: string | null } | null;
  messages: LiveSearchMessages;
  /** Called when the source is out of reach (the page opens the fields to type by hand). */
  onUnavailable?: () => void;
  enabled: boolean;
}) {
  const { query, search, initial, messages, onUnavailable, enabled } = options;
  const [items, setItems] = useState<Item[] | null>(initial?.items ?? null);
  const [message, setMessage] = useState<string | null>(initial?.error ?? null);
  const [searching, setSearching] = useState(false);
  const current = useRef<AbortController | null>(null);

  const run = async (q: Query) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setSearching(true);
    try {
      const result = await search(q, controller.signal);
      if (controller.signal.aborted || !result) return;
      setItems(result.items);
      setMessage(null);
    } catch (error) {
      if (controller.signal.aborted) return;
      setItems(null);
      if (sourceUnavailable(error)) {
        setMessage(messages.unavailable);
        onUnavailable?.();
      } else setMessage(error instanceof ApiError && error.status === 429 ? TOO_MANY : messages.invalid);
    } finally {
      if (!controller.signal.aborted) setSearching(false);
    }
  };

  const key = JSON.stringify(query);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => void run(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the search runs when what was typed changes
  }, [key, enabled]);

  return { items, message, searching, run: () => void run(query) };
}
