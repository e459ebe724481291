import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import { parseForm, type FormResult } from "./parse-form";
import { printableEcho } from "./printable-echo";

/** Conform's name for the hidden button it submits to validate one field; not a submit by the donor. */
const CONFORM_INTENT = "__intent__";

export interface SummaryError {
  /** The field's name ("" for the form as a whole). */
  name: string;
  /** Where the summary's link leads: the field's element id. */
  target: string;
  text: string;
}

export interface SiteFormOptions<Input extends Record<string, unknown>, Output> {
  /** The form element's id; field ids are `<id>-<field name>`. Fixed, so server and browser agree. */
  id: string;
  /**
   * The form's schema, the same one its action parses with, to validate in the
   * browser as the donor leaves each field and on submit. Leave out for forms
   * with nothing to check before sending (the action still parses with one).
   */
  schema?: z.ZodType<Output, Input>;
  /**
   * Schemas for submit buttons named `intent` that ask for something else
   * than the form's own submit, by the button's value: the gift form's
   * "Hämta namn och adress" (`intent=lookup`) needs only the personnummer.
   * The action chooses the same way.
   */
  intents?: Record<string, z.ZodType>;
  /** The action's reply (`submission.reply()`), carried in the route's action data. */
  lastResult?: FormResult | null;
  defaultValue?: DefaultValue<NoInfer<Input>>;
  /**
   * The summary's name for each field, in the order the fields appear on the
   * page: the summary lists errors in this order. "form" names the form itself.
   */
  labels: Record<string, string>;
  /** Hidden fields (e.g. an idempotency key): the summary links their errors to the form itself. */
  hiddenFields?: string[];
}

/**
 * The one way our forms are built (decision 0011): Conform with the form's
 * Zod schema. Returns Conform's form and fields (for TextField and friends),
 * the props for `<Form>`, and the error summary's items and focus key. The
 * summary appears after the first failed submit – in the browser or from the
 * server – and takes focus again on every later one, even when the errors are
 * the same as before.
 */
export function useSiteForm<Input extends Record<string, unknown>, Output>(options: SiteFormOptions<Input, Output>) {
  const { id, schema, intents, lastResult, defaultValue, labels, hiddenFields = [] } = options;
  // Memoised: Conform takes a new object for a new reply and would apply it again on every render.
  const shown = useMemo(() => printableEcho(lastResult), [lastResult]);
  const [form, fields] = useForm<Input, Output>({
    id,
    lastResult: shown,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: schema
      ? ({ formData }) => {
          const intent = formData.get("intent");
          const other = typeof intent === "string" ? intents?.[intent] : undefined;
          // A button's own schema answers for the fields it needs; its value type is not the form's.
          return (other ? parseForm(formData, other) : parseForm(formData, schema)) as ReturnType<typeof parseForm<z.ZodType<Output, Input>>>;
        }
      : undefined,
  });

  // Failed submits so far: each one moves focus to the summary.
  const [failedSubmits, setFailedSubmits] = useState(lastResult?.status === "error" ? 1 : 0);
  const seenResult = useRef(lastResult);
  useEffect(() => {
    if (lastResult === seenResult.current) return;
    seenResult.current = lastResult;
    if (lastResult?.status === "error") setFailedSubmits((n) => n + 1);
  }, [lastResult]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (event.defaultPrevented && submitter?.getAttribute("name") !== CONFORM_INTENT) setFailedSubmits((n) => n + 1);
  };

  const order = Object.keys(labels);
  const rank = (name: string) => {
    const index = order.indexOf(name === "" ? "form" : name);
    return index === -1 ? order.length : index;
  };
  const summary: SummaryError[] =
    failedSubmits === 0
      ? []
      : Object.entries(form.allErrors)
          .filter(([, messages]) => messages.length > 0)
          .sort(([a], [b]) => rank(a) - rank(b))
          .map(([name, messages]) => {
            // A message about the whole form (or a field the donor never sees) is a sentence of its own: no field name before it.
            const wholeForm = name === "" || hiddenFields.includes(name);
            const label = wholeForm ? undefined : labels[name];
            const target = wholeForm ? form.id : `${form.id}-${name}`;
            return { name, target, text: label ? `${label}: ${messages[0]}` : messages[0]! };
          });

  return {
    form,
    fields,
    formProps: { ...getFormProps(form), onSubmit },
    summary: { id: `${form.id}-fel`, errors: summary, focusKey: failedSubmits },
  };
}
