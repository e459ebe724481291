/**
 * What a visitor typed into a <textarea> before the scripts ran survives
 * hydration. React sets a hydrated textarea's value back to its server-rendered
 * text (react-dom's initTextarea), so a greeting written on a slow phone while
 * the page loaded silently became the card's suggested greeting again; inputs
 * keep their values, textareas do not. Before hydrating, each textarea whose
 * value differs from its server text is noted; once React has taken over (the
 * root marks `data-hydrated`), the value is put back through the element's
 * native setter and an `input` event, so React's and the form's state see it
 * as typed. A textarea changed again meanwhile is left alone.
 */
export function keepTextTypedBeforeHydration(doc: Document): void {
  const typed = [...doc.querySelectorAll("textarea")]
    .filter((textarea) => textarea.value !== textarea.defaultValue)
    .map((textarea) => ({ textarea, value: textarea.value, server: textarea.defaultValue }));
  if (typed.length === 0) return;
  const root = doc.documentElement;
  const restore = () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    for (const { textarea, value, server } of typed) {
      if (!textarea.isConnected || textarea.value !== server) continue;
      setValue?.call(textarea, value);
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };
  if (root.dataset.hydrated === "true") return restore();
  const observer = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    observer.disconnect();
    restore();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}
