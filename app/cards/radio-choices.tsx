import type { ReactNode } from "react";
import { FieldError, type Field } from "../components/form/field";
import { groupProps } from "../components/gift/gift-fields";
import { OCCASIONS, OCCASION_LABELS } from "#core/gift-documents/gift-documents";

export const OCCASION_CHOICES = OCCASIONS.map((value) => ({ value, label: OCCASION_LABELS[value] }));

/**
 * A group of radio buttons in a grid (design, occasion, what the recipients
 * get): the legend, the field's message, and the choices, uncontrolled so the
 * page works the same with and without JavaScript.
 */
export function RadioChoices({
  field,
  legend,
  hint,
  choices,
  initial,
  className = "choice-grid",
}: {
  field: Field;
  legend: string;
  hint?: ReactNode;
  choices: ReadonlyArray<{ value: string; label: string }>;
  initial: string | undefined;
  className?: string;
}) {
  return (
    <fieldset {...groupProps(field)}>
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <FieldError field={field} />
      <div className={className}>
        {choices.map((choice) => (
          <label className="choice" key={choice.value}>
            <input type="radio" name={field.name} value={choice.value} defaultChecked={initial === choice.value} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
