import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

/** Any field of any form (the components only read its name, ids, value and errors). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Field = FieldMetadata<any, any, string[]>;

type TextInputType = "text" | "email" | "tel" | "search" | "url" | "password" | "number" | "hidden" | "date";

/** The field's message, tied to it by id; "Fel:" for screen readers, who do not see the red. */
export function FieldError({ field }: { field: Field }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p className="field__error" id={field.errorId}>
      <span className="visually-hidden">Fel: </span>
      {error}
    </p>
  );
}

/** Label, hint and message around one control, in the order people read them. */
function FieldFrame({ field, label, hint, children }: { field: Field; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={`field${field.errors ? " field--error" : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      {hint && (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      )}
      <FieldError field={field} />
      {children}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "type" | "defaultValue"> {
  field: Field;
  label: string;
  hint?: ReactNode;
  type?: TextInputType;
}

/**
 * A labelled input with its hint and message tied to it for assistive
 * technology: `<TextField field={fields.email} label="E-post" type="email" />`.
 * Id, name, value, aria-invalid and aria-describedby come from Conform.
 */
export function TextField({ field, label, hint, type = "text", ...input }: TextFieldProps) {
  const { key, ...control } = getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input key={key} {...control} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form" | "defaultValue"> {
  field: Field;
  label: string;
  hint?: ReactNode;
}

export function TextAreaField({ field, label, hint, ...textarea }: TextAreaFieldProps) {
  const { key, ...control } = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea key={key} {...control} {...textarea} />
    </FieldFrame>
  );
}

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "type" | "defaultValue"> {
  field: Field;
  label: string;
  hint?: ReactNode;
}

/** A labelled file input (its form is multipart); a re-rendered page cannot keep the chosen file, so its message says to choose it again. */
export function FileField({ field, label, hint, ...input }: FileFieldProps) {
  const { key, ...control } = getInputProps(field, { type: "file", ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input key={key} {...control} {...input} />
    </FieldFrame>
  );
}

/** A checkbox with its label after it, and its message (if it can have one) below. */
export function CheckboxField({ field, label }: { field: Field; label: ReactNode }) {
  const { key, ...control } = getInputProps(field, { type: "checkbox" });
  return (
    <>
      <div className={`choice${field.errors ? " field--error" : ""}`}>
        <input key={key} {...control} />
        <label htmlFor={field.id}>{label}</label>
      </div>
      <FieldError field={field} />
    </>
  );
}
