import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { searchHref } from "../search/search-state";
import type { ComboboxInputProps } from "./header-search";

/**
 * Turns the header's search box into an ARIA 1.2 combobox with a listbox of
 * query suggestions (spec: up to 8). Loaded lazily by HeaderSearch on focus.
 * The input stays the same element throughout (focus and caret are never
 * lost); this module hands it its role, state and key handling through
 * `onInputProps`, and renders the listbox and a live region beside it.
 *
 * Keys (WAI-ARIA APG combobox, list autocomplete, manual selection):
 * ↓ opens the list / moves down, ↑ moves up (both wrap), Enter on an option
 * searches for it (otherwise the form submits what was typed), Escape closes
 * the list or, when it is closed, clears the box (in an empty box it is left
 * to the header, which folds the panel); Tab and leaving the box close it.
 */

const LIST_ID = "sidhuvud-sok-forslag";
const optionId = (index: number) => `${LIST_ID}-${index}`;
/** Wait for a pause in typing before asking; most keystrokes never need their own request. */
const TYPING_PAUSE_MS = 120;

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  onInputProps: (props: ComboboxInputProps) => void;
  lang: "sv" | "en";
}

export default function SearchSuggestions({ inputRef, onInputProps, lang }: Props) {
  const navigate = useNavigate();
  const [items, setItems] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState("");
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const en = lang === "en";

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
    setMessage("");
  }, []);

  const requestSuggestions = useCallback(
    (value: string) => {
      clearTimeout(pending.current.timer);
      pending.current.controller?.abort();
      if (value.trim() === "") {
        setItems([]);
        close();
        return;
      }
      pending.current.timer = setTimeout(() => {
        const controller = new AbortController();
        pending.current.controller = controller;
        fetch(`/api/search/suggestions?q=${encodeURIComponent(value)}`, { signal: controller.signal, headers: { accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<{ hits: Array<{ query: string }> }>) : { hits: [] }))
          .then((body) => {
            const input = inputRef.current;
            // An answer for text that is no longer in the box is of no use.
            if (!input || input.value !== value) return;
            const next = body.hits.map((hit) => hit.query);
            setItems(next);
            setActive(-1);
            const show = next.length > 0 && document.activeElement === input;
            setOpen(show);
            setMessage(
              show
                ? en
                  ? `${next.length} ${next.length === 1 ? "suggestion" : "suggestions"}. Use the up and down arrow keys to choose.`
                  : `${next.length} förslag. Använd pil upp och pil ned för att välja.`
                : "",
            );
          })
          .catch(() => {
            // Aborted or offline: suggestions are a convenience; the box still searches.
          });
      }, TYPING_PAUSE_MS);
    },
    [close, en, inputRef],
  );

  const choose = useCallback(
    (suggestion: string) => {
      const input = inputRef.current;
      if (input) input.value = suggestion;
      setItems([]);
      close();
      void navigate(searchHref(suggestion, 0));
    },
    [close, inputRef, navigate],
  );

  // The text may already be typed when this module arrives. Typing is listened to on the box itself from
  // the moment this mounts: a listener handed up as a prop arrives one render of the header later, and on
  // a slow phone the letters typed in between asked for nothing (the answer for the shorter text is
  // dropped, being no longer what the box says).
  useEffect(() => {
    const input = inputRef.current;
    const current = pending.current;
    if (!input) return;
    const onInput = () => requestSuggestions(input.value);
    input.addEventListener("input", onInput);
    if (document.activeElement === input && input.value.trim() !== "") requestSuggestions(input.value);
    return () => {
      input.removeEventListener("input", onInput);
      clearTimeout(current.timer);
      current.controller?.abort();
    };
  }, [inputRef, requestSuggestions]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      const count = items.length;
      switch (event.key) {
        case "ArrowDown":
          if (count === 0) return;
          event.preventDefault();
          if (!open || event.altKey) {
            setOpen(true);
            if (!event.altKey) setActive(0);
          } else {
            // Functional updates: two quick key presses arrive before a re-render.
            setActive((current) => (current + 1) % count);
          }
          return;
        case "ArrowUp":
          if (!open || count === 0) return;
          event.preventDefault();
          setActive((current) => (current <= 0 ? count - 1 : current - 1));
          return;
        case "Enter":
          if (open && active >= 0 && items[active] !== undefined) {
            event.preventDefault();
            choose(items[active]);
          } else {
            close();
          }
          return;
        case "Escape":
          if (open) {
            event.preventDefault();
            close();
          } else if (event.currentTarget.value !== "") {
            event.preventDefault();
            event.currentTarget.value = "";
            setItems([]);
          }
          // An empty, closed box lets Escape through, for the header to fold its panel.
          return;
        case "Tab":
          close();
          return;
      }
    };
    onInputProps({
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-controls": LIST_ID,
      "aria-expanded": open,
      "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onBlur: close,
    });
  }, [items, open, active, choose, close, onInputProps]);

  useEffect(() => () => onInputProps({}), [onInputProps]);

  return (
    <>
      <ul id={LIST_ID} role="listbox" aria-label={en ? "Suggestions" : "Förslag"} className="header-search__listbox" hidden={!open}>
        {items.map((item, index) => (
          <li
            key={item}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="header-search__option"
            // Keep focus in the box: the click chooses, it does not blur first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
          >
            {item}
          </li>
        ))}
      </ul>
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {message}
      </div>
    </>
  );
}
