/**
 * What a visitor typed or chose before the scripts ran survives hydration.
 * React sets a hydrated <textarea>'s value back to its server-rendered text
 * (react-dom's initTextarea), and a controlled radio or checkbox back to the
 * state it was rendered with, so a greeting written on a slow phone while the
 * page loaded became the card's suggested greeting again, and "Faktura" chosen
 * then fell back to the first payment method – with the invoice address fields
 * hidden again (the CSS shows them for the checked radio). Text inputs keep
 * their values. Before hydrating, each textarea whose value differs from its
 * server text, each radio chosen and each checkbox changed is noted; once React
 * has taken over (the root marks `data-hydrated`), what React put back is done
 * again as the visitor did it: the value through the element's native setter
 * and an `input` event, the choice by a click, so React's and the form's state
 * follow. Anything changed again meanwhile is left alone.
 */
export function keepInputBeforeHydration(doc: Document): void {
  const typed = [...doc.querySelectorAll("textarea")]
    .filter((textarea) => textarea.value !== textarea.defaultValue)
    .map((textarea) => ({ textarea, value: textarea.value, server: textarea.defaultValue }));
  // A radio the visitor left is unchecked by choosing another in its group: only the chosen ones are noted.
  const chosen = [...doc.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')]
    .filter((input) => input.checked !== input.defaultChecked && (input.type === "checkbox" || input.checked))
    .map((input) => ({ input, checked: input.checked }));
  if (typed.length === 0 && chosen.length === 0) return;
  const root = doc.documentElement;
  const restore = () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    for (const { textarea, value, server } of typed) {
      if (!textarea.isConnected || textarea.value !== server) continue;
      setValue?.call(textarea, value);
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
    for (const { input, checked } of chosen) {
      if (!input.isConnected || input.disabled || input.checked === checked) continue;
      input.click();
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
