/**
 * What a visitor typed or chose before the scripts ran survives hydration, on
 * every form of the site. The page works before hydration (decision 0008; the
 * scripts load after the first paint), so on a slow phone a donor taps an
 * amount, ticks a box or writes a greeting while React is still on its way.
 * React then hydrates with the state the server rendered from: a controlled
 * radio keeps its DOM state at hydration but is set back to its rendered state
 * at the component's next render (500 kr tapped became the default 250 kr, and
 * that was what got sent), a <textarea> is set back to its server text at once
 * (react-dom's initTextarea), a controlled <select> at its next render, and any
 * React state that follows a field (a character count, the submit button's
 * words, Conform's form value) never heard of the change.
 *
 * So every change is done again through React once it has taken over, as the
 * visitor made it: before hydrating, each field whose value differs from the
 * server's is noted; when the root marks `data-hydrated`, each noted field is
 * given the visitor's value again with the events a browser sends (`input` and
 * `change`; a click for a radio or checkbox), one field per task so that React
 * renders between them. React's onChange only fires when the value differs
 * from the one it tracks, and after hydration it tracks what the DOM showed,
 * so each field is first set back to its server value through the element's
 * own (tracked) setter. Text fields go first and choices last, so that a
 * field's side effect (typing an amount chooses "Annat belopp") cannot
 * outvote the choice the visitor can see. A field the visitor changes again
 * meanwhile (a trusted `input` or `change` event) is left alone.
 */

type TextElement = HTMLInputElement | HTMLTextAreaElement;

type Noted =
  | { kind: "text"; element: TextElement; value: string; server: string }
  | { kind: "select"; element: HTMLSelectElement; selected: boolean[] }
  | { kind: "checkbox"; element: HTMLInputElement; checked: boolean }
  | { kind: "radio"; element: HTMLInputElement };

/** Inputs the visitor does not type into or choose with, or whose value cannot be given again. */
const NOT_ENTERED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/** The replay order: text fields first, choices last (see above). */
const ORDER: Noted["kind"][] = ["text", "select", "checkbox", "radio"];

export function keepInputBeforeHydration(doc: Document): void {
  let noted = changedFields(doc);
  if (noted.length === 0) return;
  const root = doc.documentElement;

  // A field the visitor changes again before it is replayed is theirs now; so is a radio's whole group.
  const onVisitorChange = (event: Event) => {
    if (!event.isTrusted) return;
    const target = event.target;
    noted = noted.filter((note) => note.element !== target && !sameRadioGroup(note.element, target));
  };
  doc.addEventListener("input", onVisitorChange, true);
  doc.addEventListener("change", onVisitorChange, true);

  const replayNext = () => {
    const note = noted.shift();
    if (!note) {
      doc.removeEventListener("input", onVisitorChange, true);
      doc.removeEventListener("change", onVisitorChange, true);
      return;
    }
    if (note.element.isConnected && !note.element.disabled) replay(note);
    setTimeout(replayNext, 0);
  };
  const start = () => {
    noted.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
    replayNext();
  };
  if (root.dataset.hydrated === "true") return start();
  const observer = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    observer.disconnect();
    start();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

/** Every field whose value differs from the one the server rendered, in document order. */
function changedFields(doc: Document): Noted[] {
  const noted: Noted[] = [];
  for (const element of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (element.disabled) continue;
    if (element instanceof HTMLSelectElement) {
      const selected = [...element.options].map((option) => option.selected);
      const byDefault = selectedByDefault(element);
      if (selected.some((chosen, index) => chosen !== byDefault[index])) noted.push({ kind: "select", element, selected });
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) noted.push({ kind: "text", element, value: element.value, server: element.defaultValue });
    } else if (NOT_ENTERED.has(element.type)) {
      continue;
    } else if (element.type === "checkbox") {
      if (element.checked !== element.defaultChecked) noted.push({ kind: "checkbox", element, checked: element.checked });
    } else if (element.type === "radio") {
      // A radio the visitor left is unchecked by choosing another in its group: only the chosen one is noted.
      if (element.checked && !element.defaultChecked) noted.push({ kind: "radio", element });
    } else if (element.value !== element.defaultValue) {
      noted.push({ kind: "text", element, value: element.value, server: element.defaultValue });
    }
  }
  return noted;
}

/**
 * Which options a select shows before anyone touches it: those marked
 * `selected`, or – in a drop-down where none is – the first that is not
 * disabled (the last marked one when several are, as browsers do).
 */
function selectedByDefault(select: HTMLSelectElement): boolean[] {
  const options = [...select.options];
  if (select.multiple) return options.map((option) => option.defaultSelected);
  const marked = options.map((option) => option.defaultSelected).lastIndexOf(true);
  const shown = marked !== -1 ? marked : select.size > 1 ? -1 : options.findIndex((option) => !option.disabled);
  return options.map((_, index) => index === shown);
}

function replay(note: Noted): void {
  const { element } = note;
  switch (note.kind) {
    case "text": {
      const el = note.element;
      const focused = el.ownerDocument.activeElement === el;
      const caret = focused ? [el.selectionStart, el.selectionEnd] : null;
      // The element's own setter is React's tracker: it now holds the server value, so the visitor's differs.
      el.value = note.server;
      nativeValueSetter(el)?.call(el, note.value);
      // Setting the value moves the caret to the end; one the visitor left inside the text stays where it was.
      if (caret?.[0] != null && caret[1] != null) el.setSelectionRange(caret[0], caret[1]);
      dispatch(el, "input");
      dispatch(el, "change");
      return;
    }
    case "select":
      note.selected.forEach((chosen, index) => {
        const option = note.element.options[index];
        if (option) option.selected = chosen;
      });
      // React's onChange for a select listens to `change` itself; Conform listens to `input`.
      dispatch(element, "input");
      dispatch(element, "change");
      return;
    case "checkbox":
      note.element.checked = !note.checked;
      note.element.click();
      return;
    case "radio":
      note.element.checked = false;
      note.element.click();
      return;
  }
}

/** The prototype's value setter, which React's tracker does not see. */
function nativeValueSetter(element: TextElement): ((value: string) => void) | undefined {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, "value")?.set;
}

function dispatch(element: Element, type: "input" | "change"): void {
  element.dispatchEvent(new Event(type, { bubbles: true }));
}

function sameRadioGroup(element: Element, other: EventTarget | null): boolean {
  return (
    element instanceof HTMLInputElement &&
    other instanceof HTMLInputElement &&
    element.type === "radio" &&
    other.type === "radio" &&
    element.name !== "" &&
    element.name === other.name &&
    element.form === other.form
  );
}
