import { TextField } from "./field";

/** Street, postal code and town: the same three fields wherever a postal address is asked for. */
export function AddressFields({ values, errors }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField name="street" label="Gatuadress" autoComplete="street-address" defaultValue={values.street ?? ""} error={errors.street} />
      <TextField
        name="postalCode"
        label="Postnummer"
        inputMode="numeric"
        autoComplete="postal-code"
        className="input--short"
        defaultValue={values.postalCode ?? ""}
        error={errors.postalCode}
      />
      <TextField name="city" label="Ort" autoComplete="address-level2" defaultValue={values.city ?? ""} error={errors.city} />
    </>
  );
}
