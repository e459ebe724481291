import { TextField, CheckboxField, type Field } from "../form/field";
import { AddressFields } from "../form/address-fields";
import type { DonorView } from "#core/donors/donor-repository";

/**
 * The form's starting values from the stored donor (after a failed submit, Conform shows what was sent).
 * A new e-mail address waiting for its link is what the donor last asked for, so it is in the field:
 * saving another change keeps it waiting and its link working (core/donors/email-change.ts), where the
 * confirmed address in its place would have called the change off. Typing the confirmed address back
 * still calls it off, on purpose.
 */
export function detailsValues(donor: DonorView, pendingEmail: string | null): Record<string, string | undefined> {
  const on = (v: boolean) => (v ? "on" : undefined);
  return {
    givenName: donor.givenName,
    surname: donor.surname,
    street: donor.address?.street ?? "",
    postalCode: donor.address?.postalCode ?? "",
    city: donor.address?.city ?? "",
    email: pendingEmail ?? donor.email ?? "",
    phone: donor.phone ?? "",
    contactEmail: on(donor.contactPreferences.email),
    contactPost: on(donor.contactPreferences.post),
    contactPhone: on(donor.contactPreferences.phone),
    newsletter: on(donor.contactPreferences.newsletter),
  };
}

type DetailsFields = Record<
  "givenName" | "surname" | "street" | "postalCode" | "city" | "email" | "phone" | "contactEmail" | "contactPost" | "contactPhone" | "newsletter",
  Field
>;

/**
 * The fields a donor can change, shared by My details (BankID) and the My
 * data page (token link). A protected identity sees no address fields: we
 * neither show nor store an address for them.
 */
export function DonorDetailsFields({ fields, protectedIdentity }: { fields: DetailsFields; protectedIdentity: boolean }) {
  return (
    <>
      <fieldset className="fieldset">
        <legend>Namn</legend>
        <TextField field={fields.givenName} label="Förnamn" autoComplete="given-name" />
        <TextField field={fields.surname} label="Efternamn" autoComplete="family-name" />
      </fieldset>

      <fieldset className="fieldset">
        <legend>Adress</legend>
        {protectedIdentity ? (
          <p className="info-box">
            Du har skyddad identitet. Därför visar eller sparar vi ingen adress för dig. Vill du få brev från oss, kontakta oss så
            hittar vi ett säkert sätt.
          </p>
        ) : (
          <AddressFields fields={fields} />
        )}
      </fieldset>

      <fieldset className="fieldset">
        <legend>Kontaktuppgifter</legend>
        <TextField field={fields.email} label="E-post" type="email" autoComplete="email" />
        <TextField field={fields.phone} label="Telefon (frivilligt)" type="tel" autoComplete="tel" />
      </fieldset>

      <fieldset className="fieldset">
        <legend>Hur får vi kontakta dig?</legend>
        <p className="field__hint">Vi hör bara av oss om forskningen och om dina gåvor. Du kan ändra dig när du vill.</p>
        <CheckboxField field={fields.contactEmail} label="Via e-post" />
        <CheckboxField field={fields.contactPost} label="Via brev" />
        <CheckboxField field={fields.contactPhone} label="Via telefon eller sms" />
        <CheckboxField field={fields.newsletter} label="Nyhetsbrev om forskningen via e-post (högst en gång i månaden)" />
      </fieldset>
    </>
  );
}
