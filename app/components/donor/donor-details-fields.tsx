import { fieldId } from "../form/error-summary";
import { TextField } from "../form/field";
import { AddressFields } from "../form/address-fields";
import type { DonorView } from "../../../core/donors/donor-repository";

type Values = Record<string, string | undefined>;

/** The form's values from the stored donor, or from what the donor just sent (after an error). */
export function detailsValues(donor: DonorView, sent?: Values): Values {
  if (sent) return sent;
  const on = (v: boolean) => (v ? "on" : undefined);
  return {
    givenName: donor.givenName,
    surname: donor.surname,
    street: donor.address?.street ?? "",
    postalCode: donor.address?.postalCode ?? "",
    city: donor.address?.city ?? "",
    email: donor.email ?? "",
    phone: donor.phone ?? "",
    contactEmail: on(donor.contactPreferences.email),
    contactPost: on(donor.contactPreferences.post),
    contactPhone: on(donor.contactPreferences.phone),
    newsletter: on(donor.contactPreferences.newsletter),
  };
}

/**
 * The fields a donor can change, shared by My details (BankID) and the My
 * data page (token link). A protected identity sees no address fields: we
 * neither show nor store an address for them.
 */
export function DonorDetailsFields({ values, errors, protectedIdentity }: { values: Values; errors: Record<string, string>; protectedIdentity: boolean }) {
  const checkbox = (name: string, label: string) => (
    <div className="choice">
      <input type="checkbox" id={fieldId(name)} name={name} defaultChecked={values[name] === "on"} />
      <label htmlFor={fieldId(name)}>{label}</label>
    </div>
  );
  return (
    <>
      <fieldset className="fieldset">
        <legend>Namn</legend>
        <TextField name="givenName" label="Förnamn" autoComplete="given-name" defaultValue={values.givenName ?? ""} error={errors.givenName} />
        <TextField name="surname" label="Efternamn" autoComplete="family-name" defaultValue={values.surname ?? ""} error={errors.surname} />
      </fieldset>

      <fieldset className="fieldset">
        <legend>Adress</legend>
        {protectedIdentity ? (
          <p className="info-box">
            Du har skyddad identitet. Därför visar eller sparar vi ingen adress för dig. Vill du få brev från oss, kontakta oss så
            hittar vi ett säkert sätt.
          </p>
        ) : (
          <AddressFields values={values} errors={errors} />
        )}
      </fieldset>

      <fieldset className="fieldset">
        <legend>Kontaktuppgifter</legend>
        <TextField name="email" label="E-post" type="email" autoComplete="email" defaultValue={values.email ?? ""} error={errors.email} />
        <TextField
          name="phone"
          label="Telefon (frivilligt)"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone ?? ""}
          error={errors.phone}
        />
      </fieldset>

      <fieldset className="fieldset">
        <legend>Hur får vi kontakta dig?</legend>
        <p className="field__hint">Vi hör bara av oss om forskningen och om dina gåvor. Du kan ändra dig när du vill.</p>
        {checkbox("contactEmail", "Via e-post")}
        {checkbox("contactPost", "Via brev")}
        {checkbox("contactPhone", "Via telefon eller sms")}
        {checkbox("newsletter", "Nyhetsbrev om forskningen via e-post (högst en gång i månaden)")}
      </fieldset>
    </>
  );
}
