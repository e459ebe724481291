import type { InputHTMLAttributes, ReactNode } from "react";
import { errorId, fieldId } from "./error-summary";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function TextField({ name, label, hint, error, ...input }: TextFieldProps) {
  const hintId = hint ? `tips-${name}` : undefined;
  const describedBy = [hintId, error ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId(name)}>
          <span className="visually-hidden">Fel: </span>
          {error}
        </p>
      )}
      <input id={fieldId(name)} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
    </div>
  );
}
