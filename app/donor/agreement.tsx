import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/agreement";
import { PRIVATE_HEADERS, assertSameOrigin, requireDonor } from "./donor-session.server";
import { agreementView, raiseExplanation } from "#core/agreements/agreement-view";
import {
  AgreementChangeError,
  AgreementNotFoundError,
  addExtraToNextDebit,
  cancel,
  changeAmount,
  changeDay,
  pause,
} from "#core/agreements/agreement-service";
import { amountKr } from "#core/gifts/gift-form";
import { agreementChangeForms, isAgreementFormName, type AgreementFormName } from "#core/agreements/agreement-change-forms";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FieldError, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { groupProps } from "../components/gift/gift-fields";
import { formatDateLong, formatSek } from "#core/site/format";
import { formatDate } from "../components/donor/gift-table";
import "../components/form/form.css";
import "./donor-pages.css";
import "../recurring/monthly-gift.css";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.view.kind === "membership" ? "Automatisk förnyelse av medlemskapet" : "Din månadsgåva";
  return [{ title: `${title} – Mina sidor` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return PRIVATE_HEADERS;
}

const DONE: Record<string, string> = {
  belopp: "Beloppet är ändrat.",
  dag: "Dragningsdagen är ändrad.",
  paus: "Månadsgåvan är pausad.",
  avslutad: "Månadsgåvan är avslutad. Tack för allt du har gett!",
  extra: "Tack! Din extra gåva är tillagd.",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { container, session } = await requireDonor(context, request);
  const view = await agreementView(container.db, params.agreementId, session.donor.id, container.clock.now());
  if (!view) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const done = url.searchParams.get("klart");
  const from = url.searchParams.get("fran");
  const still = url.searchParams.get("kommer");
  return {
    view,
    limits: { minKr: container.config.MONTHLY_GIFT_MIN_KR, maxKr: container.config.GIFT_MAX_KR },
    extraKey: globalThis.crypto.randomUUID(),
    notice: done && DONE[done] ? { text: DONE[done], from: from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : null, still: still && /^\d{4}-\d{2}-\d{2}$/.test(still) ? still : null, kind: done } : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, session } = await requireDonor(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isAgreementFormName(intent)) throw data(null, { status: 400 });
  const donorId = session.donor.id;
  const id = params.agreementId;
  const base = `/mina-sidor/manadsgava/${id}`;
  const forms = agreementChangeForms({ minKr: container.config.MONTHLY_GIFT_MIN_KR, maxKr: container.config.GIFT_MAX_KR });
  const failed = (result: FormResult) => data({ intent, result }, { status: 400 });
  try {
    switch (intent) {
      case "amount": {
        const submission = parseForm(formData, forms.amount);
        if (submission.status !== "success") return failed(submission.reply());
        const { appliesFrom } = await changeAmount(container, id, donorId, submission.value.amount * 100);
        return redirect(`${base}?klart=belopp&fran=${appliesFrom ?? ""}`, 303);
      }
      case "day": {
        const submission = parseForm(formData, forms.day);
        if (submission.status !== "success") return failed(submission.reply());
        const { appliesFrom } = await changeDay(container, id, donorId, submission.value.debitDay);
        return redirect(`${base}?klart=dag&fran=${appliesFrom ?? ""}`, 303);
      }
      case "pause": {
        const submission = parseForm(formData, forms.pause);
        if (submission.status !== "success") return failed(submission.reply());
        const { appliesFrom } = await pause(container, id, donorId, submission.value.months);
        return redirect(`${base}?klart=paus&fran=${appliesFrom ?? ""}`, 303);
      }
      case "cancel": {
        const submission = parseForm(formData, forms.cancel);
        if (submission.status !== "success") return failed(submission.reply());
        const { appliesFrom, stillComing } = await cancel({ ...container, outcomes: container.paymentOutcomes }, id, donorId);
        const last = stillComing.map((d) => d.debitOn).sort().at(-1);
        return redirect(`${base}?klart=avslutad&fran=${appliesFrom ?? ""}${last ? `&kommer=${last}` : ""}`, 303);
      }
      case "extra": {
        const submission = parseForm(formData, forms.extra);
        if (submission.status !== "success") return failed(submission.reply());
        const { extraAmount, idempotencyKey } = submission.value;
        const { debitOn } = await addExtraToNextDebit(container, id, donorId, extraAmount * 100, idempotencyKey);
        return redirect(`${base}?klart=extra&fran=${debitOn}`, 303);
      }
    }
  } catch (error) {
    // What the agreement's state does not allow (already paused, not started yet…) is said above the form.
    if (error instanceof AgreementChangeError) return failed(parseForm(formData, forms[intent]).reply({ formErrors: [error.userMessage] }));
    if (error instanceof AgreementNotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const DEBIT_KIND: Record<string, string> = { monthly: "Månadsgåva", extra: "Extra gåva", membership: "Medlemsavgift" };

export default function AgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, limits, notice, extraKey } = loaderData;
  const forms = agreementChangeForms(limits);
  const resultFor = (intent: AgreementFormName) => (actionData?.intent === intent ? actionData.result : undefined);
  const amountForm = useSiteForm({
    id: "belopp",
    schema: forms.amount,
    lastResult: resultFor("amount"),
    defaultValue: { amount: String(view.amountOre / 100 + 50) },
    labels: { amount: "Nytt belopp" },
  });
  const dayForm = useSiteForm({ id: "dag", schema: forms.day, lastResult: resultFor("day"), defaultValue: { debitDay: String(view.debitDay) }, labels: { debitDay: "Ny dag" } });
  const extraForm = useSiteForm({
    id: "extra",
    schema: forms.extra,
    lastResult: resultFor("extra"),
    defaultValue: { extraAmount: "200", idempotencyKey: extraKey },
    labels: { extraAmount: "Extra belopp" },
    hiddenFields: ["idempotencyKey"],
  });
  const pauseForm = useSiteForm({ id: "paus", schema: forms.pause, lastResult: resultFor("pause"), defaultValue: { months: "1" }, labels: { months: "Hur länge" } });
  const cancelForm = useSiteForm({ id: "avsluta", schema: forms.cancel, lastResult: resultFor("cancel"), labels: { confirm: "Avsluta" } });
  // The new amount is followed as it is typed: what it costs after the tax reduction.
  const [newAmount, setNewAmount] = useState(amountForm.fields.amount.initialValue ?? String(view.amountOre / 100 + 50));
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const newOre = (amountKr("annat", newAmount) ?? 0) * 100;

  return (
    <article className="page page--medium my-pages monthly-gift">
      <p>
        <Link to="/mina-sidor">← Mina sidor</Link>
      </p>
      <h1>{view.kind === "membership" ? "Automatisk förnyelse av medlemskapet" : "Din månadsgåva"}</h1>
      {notice && (
        <div className="notice notice--success" role="status">
          <p>
            {notice.kind === "avslutad" && view.kind === "membership" ? "Den automatiska förnyelsen är avslutad. Medlemskapet gäller året ut." : notice.text}{" "}
            {notice.from &&
              (notice.kind === "extra"
                ? `Den dras en gång tillsammans med dragningen ${formatDateLong(notice.from)}.`
                : notice.kind === "avslutad"
                  ? `Inga fler dragningar görs från och med ${formatDateLong(notice.from)}.`
                  : `Det gäller från dragningen ${formatDateLong(notice.from)}. Vi har skickat en bekräftelse till din e-post.`)}
          </p>
          {notice.still && <p>Dragningen {formatDateLong(notice.still)} hann vi inte stoppa. Den görs ändå och är den sista.</p>}
        </div>
      )}
      <dl className="summary-list">
        <dt>Belopp</dt>
        <dd>
          {formatSek(view.amountOre)} {view.kind === "membership" ? "om året" : "i månaden"}
        </dd>
        <dt>Dragningsdag</dt>
        <dd>{view.kind === "membership" ? `Den ${view.debitDay}:e, en gång om året` : `Den ${view.debitDay}:e varje månad`}</dd>
        <dt>Status</dt>
        <dd>
          {view.statusLabel}
          {view.status === "paused" && view.pausedUntil ? ` – startar igen ${formatDateLong(view.pausedUntil)}` : ""}
          {view.refusalReason ? ` – ${view.refusalReason}` : ""}
        </dd>
        {view.nextDebitOn && (
          <>
            <dt>Nästa dragning som går att ändra</dt>
            <dd>{formatDateLong(view.nextDebitOn)}</dd>
          </>
        )}
        {view.bankName && (
          <>
            <dt>Konto</dt>
            <dd>
              {view.bankName}, slutar på {view.accountEnding}
            </dd>
          </>
        )}
        {view.method === "card" && (
          <>
            <dt>Betalsätt</dt>
            <dd>
              {view.cardEnding ? `Kort som slutar på ${view.cardEnding}` : "Kort"}
              {view.cardExpiresOn ? `, giltigt till och med ${formatDateLong(view.cardExpiresOn)}` : ""}
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="dragningar-rubrik">
        <h2 id="dragningar-rubrik">Dragningar</h2>
        {view.debits.length === 0 ? (
          <p>Inga dragningar ännu. {view.nextDebitOn ? `Den första görs ${formatDateLong(view.nextDebitOn)}.` : ""}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Tabell över dragningar">
            <table className="data-table gift-table">
              <caption>Dragningar, senaste först</caption>
              <thead>
                <tr>
                  <th scope="col">Datum</th>
                  <th scope="col">Typ</th>
                  <th scope="col" className="num">
                    Belopp
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {view.debits.map((d, i) => (
                  <tr key={`${d.debitOn}-${d.kind}-${i}`}>
                    <td data-label="Datum">{formatDateLong(d.debitOn)}</td>
                    <td data-label="Typ">{DEBIT_KIND[d.kind]}</td>
                    <td data-label="Belopp" className="num">
                      {formatSek(d.amountOre)}
                    </td>
                    <td data-label="Status">{d.statusLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {view.canChange && (
        <>
          {/* A membership fee is fixed and yearly: only stopping the renewal is offered. */}
          {view.kind !== "membership" && (
          <>
          <section aria-labelledby="hoj-rubrik" className="change-box">
            <h2 id="hoj-rubrik">Höj eller ändra ditt månadsbelopp</h2>
            <ErrorSummary {...amountForm.summary} />
            <Form method="post" className="form" {...amountForm.formProps}>
              <input type="hidden" name="intent" value="amount" />
              <TextField
                field={amountForm.fields.amount}
                label="Nytt belopp per månad (kronor)"
                inputMode="numeric"
                hint={
                  <>
                    Från {limits.minKr} kronor.{" "}
                    {view.method === "card" ? "Ändringen gäller från nästa dragning från kortet." : "Ändringen gäller från nästa dragning som inte redan är beställd hos Bankgirot."}
                  </>
                }
                onInput={(e) => setNewAmount(e.currentTarget.value)}
              />
              {newOre > 0 && newOre !== view.amountOre && (
                <p className="field__hint" aria-live="polite">
                  {raiseExplanation(view.amountOre, newOre)}
                </p>
              )}
              <button type="submit" className="button button--primary" disabled={busy}>
                Ändra beloppet
              </button>
            </Form>
          </section>

          <section aria-labelledby="dag-rubrik" className="change-box">
            <h2 id="dag-rubrik">Byt dragningsdag</h2>
            <ErrorSummary {...dayForm.summary} />
            <Form method="post" className="form" {...dayForm.formProps}>
              <input type="hidden" name="intent" value="day" />
              <div className={`field${dayForm.fields.debitDay.errors ? " field--error" : ""}`}>
                <label htmlFor={dayForm.fields.debitDay.id}>Ny dag i månaden</label>
                <FieldError field={dayForm.fields.debitDay} />
                <select
                  id={dayForm.fields.debitDay.id}
                  name={dayForm.fields.debitDay.name}
                  defaultValue={dayForm.fields.debitDay.initialValue ?? String(view.debitDay)}
                  aria-invalid={dayForm.fields.debitDay.errors ? true : undefined}
                  aria-describedby={dayForm.fields.debitDay.errors ? dayForm.fields.debitDay.errorId : undefined}
                >
                  {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
                    <option key={d} value={d}>
                      Den {d}:e
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--secondary" disabled={busy}>
                Byt dag
              </button>
            </Form>
          </section>

          {view.status === "active" && (
            <section aria-labelledby="extra-rubrik" className="change-box">
              <h2 id="extra-rubrik">Ge en extra gåva</h2>
              <p>
                Den dras en gång tillsammans med din nästa dragning{view.method === "card" ? " från kortet" : ""}. Vill du hellre betala nu, med
                Swish, kort, faktura eller direkt från din bank? <Link to={`/ge-en-gava?extra=${view.id}`}>Betala en extra gåva nu</Link>.
              </p>
              <ErrorSummary {...extraForm.summary} />
              <Form method="post" className="form" {...extraForm.formProps}>
                <input type="hidden" name="intent" value="extra" />
                <input type="hidden" name={extraForm.fields.idempotencyKey.name} defaultValue={extraForm.fields.idempotencyKey.initialValue ?? extraKey} />
                <TextField field={extraForm.fields.extraAmount} label="Extra belopp (kronor)" inputMode="numeric" />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Lägg till på nästa dragning
                </button>
              </Form>
            </section>
          )}

          {view.canPause && (
            <section aria-labelledby="paus-rubrik" className="change-box">
              <h2 id="paus-rubrik">Pausa</h2>
              <p>Behöver du en paus? Månadsgåvan startar igen av sig själv.</p>
              <ErrorSummary {...pauseForm.summary} />
              <Form method="post" className="form" {...pauseForm.formProps}>
                <input type="hidden" name="intent" value="pause" />
                <fieldset {...groupProps(pauseForm.fields.months)}>
                  <legend>Hur länge?</legend>
                  <FieldError field={pauseForm.fields.months} />
                  {Array.from({ length: view.maxPauseMonths }, (_, i) => i + 1).map((m) => (
                    <label className="choice" key={m}>
                      <input type="radio" name={pauseForm.fields.months.name} value={m} defaultChecked={(pauseForm.fields.months.initialValue ?? "1") === String(m)} />{" "}
                      {m === 1 ? "En månad" : m === 2 ? "Två månader" : "Tre månader"}
                    </label>
                  ))}
                </fieldset>
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Pausa
                </button>
              </Form>
            </section>
          )}

          </>
          )}

          <section aria-labelledby="avsluta-rubrik" className="change-box">
            <h2 id="avsluta-rubrik">Avsluta</h2>
            {view.method === "card" ? (
              <p>
                Avslutar du stoppar vi alla dragningar från kortet som inte redan är gjorda. Kortet används inte mer för{" "}
                {view.kind === "membership" ? "medlemsavgiften" : "gåvan"}.
              </p>
            ) : (
              <p>
                Når ditt besked Bankgirot minst fem bankdagar före en dragning stoppar vi den. En dragning som ligger närmare än så görs
                ändå, och vi säger vilken.
              </p>
            )}
            <ErrorSummary {...cancelForm.summary} />
            <Form method="post" className="form" {...cancelForm.formProps}>
              <input type="hidden" name="intent" value="cancel" />
              <CheckboxField
                field={cancelForm.fields.confirm}
                label={`Ja, jag vill avsluta${view.kind === "membership" ? " den automatiska förnyelsen" : " min månadsgåva"}`}
              />
              <button type="submit" className="button button--secondary" disabled={busy}>
                {view.kind === "membership" ? "Avsluta förnyelsen" : "Avsluta månadsgåvan"}
              </button>
            </Form>
          </section>
        </>
      )}

      <section aria-labelledby="historik-rubrik">
        <h2 id="historik-rubrik">Ändringar</h2>
        <ul className="plain-list">
          {view.changes.map((c, i) => (
            <li key={i}>
              <span className="muted">{formatDate(c.date)}:</span> {c.text}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
