import { TextField, type Field } from "./field";

/** Street, postal code and town: the same three fields wherever a postal address is asked for. */
export function AddressFields({ fields }: { fields: { street: Field; postalCode: Field; city: Field } }) {
  return (
    <>
      <TextField field={fields.street} label="Gatuadress" autoComplete="street-address" />
      <TextField field={fields.postalCode} label="Postnummer" inputMode="numeric" autoComplete="postal-code" className="input--short" />
      <TextField field={fields.city} label="Ort" autoComplete="address-level2" />
    </>
  );
}
