import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { OTHER_AMOUNT, PRESET_AMOUNTS_KR, type GiftLimits, type GiftPaymentMethod } from "#core/gifts/gift-form";
import { AddressFields } from "../form/address-fields";
import { CheckboxField, FieldError, TextField, type Field } from "../form/field";
import { formatNumber } from "#core/site/format";

/**
 * The fields every gift form shares – amount, donor, payment method, Swish
 * device, invoice address, newsletter, honeypot – as the one-off gift form
 * shows them, for the forms of other gift types (the memorial gift first).
 * They belong to a form with the class `gift-form`, whose CSS shows the Swish
 * and invoice fields only while that method is chosen (form.css, no
 * JavaScript needed). Field names are core/gifts/gift-form.ts's `giftFields`.
 */

export const METHOD_LABELS: Record<GiftPaymentMethod, string> = {
  swish: "Swish",
  card: "Kort (Visa, Mastercard)",
  invoice: "Faktura (bankgiro, betala inom 30 dagar)",
  bank: "Direkt från din bank",
};

export const SUBMIT_LABELS: Record<GiftPaymentMethod, string> = {
  swish: "Fortsätt till Swish",
  card: "Fortsätt till kortbetalning",
  invoice: "Skicka fakturan",
  bank: "Fortsätt till din bank",
};

/** The summary's names for the shared fields, in the order they appear. */
export const GIFT_FIELD_LABELS: Record<string, string> = {
  amount: "Belopp",
  customAmount: "Annat belopp",
  name: "Namn",
  email: "E-post",
  personnummer: "Personnummer",
  paymentMethod: "Betalsätt",
  swishDevice: "Swish",
  swishPhone: "Mobilnummer",
  street: "Gatuadress",
  postalCode: "Postnummer",
  city: "Ort",
  showName: "Visa mitt förnamn och ort",
  publicPlace: "Ort som visas",
};

type GiftFieldSet = Record<
  "amount" | "customAmount" | "name" | "email" | "personnummer" | "paymentMethod" | "swishDevice" | "swishPhone" | "street" | "postalCode" | "city" | "newsletter" | "website",
  Field
>;

const kr = formatNumber;

export function groupProps(field: Field, className = "") {
  return {
    id: field.id,
    className: `fieldset${field.errors ? " fieldset--error" : ""}${className ? ` ${className}` : ""}`,
    "aria-describedby": field.errors ? field.errorId : undefined,
  };
}

/**
 * Preset amounts and the free amount; typing an amount (not tabbing through)
 * chooses "Annat belopp". Forms for other amounts (a month, a fee) pass their
 * own presets and words; `chosenHint` says something about a chosen preset
 * (the monthly form's cost after the tax reduction).
 */
export function AmountFields({
  fields,
  limits,
  legend = "Belopp",
  presetsKr = PRESET_AMOUNTS_KR,
  defaultAmount = "250",
  customLabel = "Annat belopp (kronor)",
  customHint = `Välj "Annat belopp" ovan och skriv ett belopp mellan ${kr(limits.minKr)} och ${kr(limits.maxKr)} kronor.`,
  chosenHint,
}: {
  fields: Pick<GiftFieldSet, "amount" | "customAmount">;
  limits: GiftLimits;
  legend?: string;
  presetsKr?: readonly number[];
  defaultAmount?: string;
  customLabel?: string;
  customHint?: string;
  chosenHint?: (chosenKr: number) => ReactNode;
}) {
  const [amount, setAmount] = useState<string>((fields.amount.initialValue as string | undefined) ?? defaultAmount);
  return (
    <>
      <fieldset {...groupProps(fields.amount)}>
        <legend>{legend}</legend>
        <FieldError field={fields.amount} />
        <div className="amount-choices">
          {[...presetsKr.map(String), OTHER_AMOUNT].map((value) => (
            <label className="amount-choice" key={value}>
              <input type="radio" name={fields.amount.name} value={value} checked={amount === value} onChange={() => setAmount(value)} />
              <span>{value === OTHER_AMOUNT ? "Annat belopp" : `${kr(Number(value))} kr`}</span>
            </label>
          ))}
        </div>
        {chosenHint && amount !== OTHER_AMOUNT && (
          <p className="field__hint" aria-live="polite">
            {chosenHint(Number(amount))}
          </p>
        )}
      </fieldset>
      <TextField
        field={fields.customAmount}
        label={customLabel}
        hint={customHint}
        inputMode="numeric"
        autoComplete="off"
        onInput={(event) => {
          if (event.currentTarget.value.trim() !== "") setAmount(OTHER_AMOUNT);
        }}
      />
    </>
  );
}

export function DonorFields({ fields }: { fields: GiftFieldSet }) {
  return (
    <>
      <TextField field={fields.name} label="Namn" autoComplete="name" />
      <TextField field={fields.email} label="E-post" type="email" autoComplete="email" hint="Hit skickar vi kvittot." />
      <TextField
        field={fields.personnummer}
        label="Personnummer (frivilligt)"
        inputMode="numeric"
        autoComplete="off"
        hint={
          <>
            Fyll i om du vill ha skattereduktion. Du får 25 procent av gåvan tillbaka på skatten om du ger minst 200 kronor
            per gåva och minst 2 000 kronor under året. Vi rapporterar dina gåvor till Skatteverket.{" "}
            <Link to="/skattereduktion">Läs mer om skattereduktion</Link>.
          </>
        }
      />
    </>
  );
}

/** "Hämta namn och adress" (intent=lookup, answered by donor-lookup.server.ts) and what it filled in. */
export function DonorLookupButton({ notice }: { notice: string | null }) {
  return (
    <div className="lookup">
      <button type="submit" name="intent" value="lookup" className="button button--secondary" formNoValidate>
        Hämta namn och adress
      </button>
      {notice && (
        <p className="field__hint" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}

/**
 * The payment method (controlled, so the submit button can say where the donor
 * goes next: `onMethodChange`), the Swish device and number, the invoice
 * address, the newsletter and the honeypot.
 */
export function PaymentFields({
  fields,
  methods,
  defaultDevice,
  method,
  onMethodChange,
  invoiceAddress = true,
}: {
  fields: Pick<GiftFieldSet, "paymentMethod" | "swishDevice" | "swishPhone" | "street" | "postalCode" | "city" | "newsletter" | "website">;
  methods: readonly GiftPaymentMethod[];
  defaultDevice: "this" | "other";
  method: string;
  onMethodChange: (method: GiftPaymentMethod) => void;
  /** False on a form that asks for the payer's address anyway (membership): the invoice goes there. */
  invoiceAddress?: boolean;
}) {
  const [device, setDevice] = useState<string>((fields.swishDevice.initialValue as string | undefined) ?? defaultDevice);
  return (
    <>
      <fieldset {...groupProps(fields.paymentMethod)}>
        <legend>Hur vill du betala?</legend>
        <FieldError field={fields.paymentMethod} />
        {methods.map((m) => (
          <label className="choice" key={m}>
            <input type="radio" name={fields.paymentMethod.name} value={m} checked={method === m} onChange={() => onMethodChange(m)} />
            {METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>

      <fieldset {...groupProps(fields.swishDevice, "method-swish")}>
        <legend>Hur vill du använda Swish?</legend>
        <FieldError field={fields.swishDevice} />
        <label className="choice">
          <input type="radio" name={fields.swishDevice.name} value="this" checked={device === "this"} onChange={() => setDevice("this")} />
          Öppna Swish på den här enheten
        </label>
        <label className="choice">
          <input type="radio" name={fields.swishDevice.name} value="other" checked={device === "other"} onChange={() => setDevice("other")} />
          Swish på en annan enhet (QR-kod eller mobilnummer)
        </label>
      </fieldset>
      <div className="method-swish">
        <TextField
          field={fields.swishPhone}
          label="Mobilnummer för Swish (frivilligt)"
          type="tel"
          autoComplete="tel"
          hint="Om du använder Swish på en annan enhet: skriv ditt nummer så skickar vi betalningen till din Swish-app. Lämna tomt för att skanna en QR-kod i stället."
        />
      </div>

      {invoiceAddress && (
        <fieldset className="fieldset method-invoice">
          <legend>Adress för fakturan</legend>
          <p className="field__hint">Fyll i om du vill betala med faktura. Fakturan skickas till din e-post.</p>
          <AddressFields fields={fields} />
        </fieldset>
      )}

      <CheckboxField field={fields.newsletter} label="Ja, jag vill få nyhetsbrev om forskningen (högst en gång i månaden)" />

      <Honeypot field={fields.website} />
    </>
  );
}

/**
 * "Visa mitt förnamn och ort på insamlingssidan": off unless the giver ticks
 * it; then the live pages (the gala) show the first word of their name and
 * the place they type here, and nothing else.
 */
export function PublicMentionFields({ fields }: { fields: Record<"showName" | "publicPlace", Field> }) {
  return (
    <fieldset className="fieldset">
      <legend>Synas på insamlingssidan</legend>
      <CheckboxField field={fields.showName} label="Visa mitt förnamn och ort på insamlingssidan" />
      <TextField
        field={fields.publicPlace}
        label="Ort som visas (frivilligt)"
        autoComplete="address-level2"
        hint="Till exempel Lund. Visas bara om du har kryssat i rutan. Beloppet visas aldrig."
      />
    </fieldset>
  );
}

/** Hidden from people (form.css); bots fill it in, and the checkout refuses their post (app/giving/checkout.server.ts). */
export function Honeypot({ field }: { field: Field }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={field.id}>Lämna det här fältet tomt</label>
      <input type="text" id={field.id} name={field.name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Phones get the Swish app on the same device by default; computers a QR code or a request to their phone. */
export { isPhone } from "#core/site/device";

/** The configured methods a gift form offers, Swish first on phones, where the app is one tap away. */
export function offeredMethods(configured: readonly string[], phone: boolean): GiftPaymentMethod[] {
  const methods = configured.filter((m): m is GiftPaymentMethod => m !== "autogiro");
  return phone && methods.includes("swish") ? ["swish", ...methods.filter((m) => m !== "swish")] : methods;
}
