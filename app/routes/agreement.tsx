import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/agreement";
import { PRIVATE_HEADERS, assertSameOrigin, requireDonor } from "../donors/donor-session.server";
import { agreementView, raiseExplanation } from "../../core/agreements/agreement-view";
import {
  AgreementChangeError,
  AgreementNotFoundError,
  addExtraToNextDebit,
  cancel,
  changeAmount,
  changeDay,
  pause,
} from "../../core/agreements/agreement-service";
import { amountKr } from "../../core/gifts/gift-form";
import { formatDateLong, formatSek } from "../../core/site/format";
import { formatDate } from "../components/donor/gift-table";
import "../components/form/form.css";
import "./donor-pages.css";
import "./monthly-gift.css";

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
  const view = await agreementView(container.db, params.agreementId, session.donor.id);
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

type ActionError = { intent: string; error: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { container, session } = await requireDonor(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const donorId = session.donor.id;
  const id = params.agreementId;
  const base = `/mina-sidor/manadsgava/${id}`;
  const fail = (error: string) => data<ActionError>({ intent, error }, { status: 400 });
  const limits = { minKr: container.config.MONTHLY_GIFT_MIN_KR, maxKr: container.config.GIFT_MAX_KR };
  const kronor = (name: string, min: number) => {
    const kr = amountKr("annat", String(form.get(name) ?? ""));
    return kr !== null && kr >= min && kr <= limits.maxKr ? kr : null;
  };
  try {
    switch (intent) {
      case "amount": {
        const kr = kronor("amount", limits.minKr);
        if (kr === null) return fail(`Skriv ett belopp per månad mellan ${limits.minKr} och ${limits.maxKr} kronor i hela kronor.`);
        const { appliesFrom } = await changeAmount(container, id, donorId, kr * 100);
        return redirect(`${base}?klart=belopp&fran=${appliesFrom ?? ""}`, 303);
      }
      case "day": {
        const day = Number(form.get("debitDay"));
        if (!Number.isInteger(day) || day < 1 || day > 28) return fail("Välj en dag mellan den 1 och den 28.");
        const { appliesFrom } = await changeDay(container, id, donorId, day);
        return redirect(`${base}?klart=dag&fran=${appliesFrom ?? ""}`, 303);
      }
      case "pause": {
        const months = Number(form.get("months"));
        const { appliesFrom } = await pause(container, id, donorId, months);
        return redirect(`${base}?klart=paus&fran=${appliesFrom ?? ""}`, 303);
      }
      case "cancel": {
        if (form.get("confirm") !== "ja") return fail("Kryssa i rutan för att bekräfta att du vill avsluta.");
        const { appliesFrom, stillComing } = await cancel(container, id, donorId);
        const last = stillComing.map((d) => d.debitOn).sort().at(-1);
        return redirect(`${base}?klart=avslutad&fran=${appliesFrom ?? ""}${last ? `&kommer=${last}` : ""}`, 303);
      }
      case "extra": {
        const kr = kronor("extraAmount", 50);
        if (kr === null) return fail(`Skriv ett belopp mellan 50 och ${limits.maxKr} kronor i hela kronor.`);
        const key = String(form.get("idempotencyKey") ?? "");
        if (!/^[0-9a-f-]{36}$/.test(key)) return fail("Formuläret har gått ut. Ladda om sidan och försök igen.");
        const { debitOn } = await addExtraToNextDebit(container, id, donorId, kr * 100, key);
        return redirect(`${base}?klart=extra&fran=${debitOn}`, 303);
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof AgreementChangeError) return fail(error.userMessage);
    if (error instanceof AgreementNotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const DEBIT_KIND: Record<string, string> = { monthly: "Månadsgåva", extra: "Extra gåva", membership: "Medlemsavgift" };

export default function AgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, limits, notice, extraKey } = loaderData;
  const error = actionData && "error" in actionData ? actionData : null;
  const [newAmount, setNewAmount] = useState(String(view.amountOre / 100 + 50));
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const newOre = (amountKr("annat", newAmount) ?? 0) * 100;
  const errorFor = (intent: string) => (error?.intent === intent ? error.error : null);

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
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="amount" />
              <div className={`field${errorFor("amount") ? " field--error" : ""}`}>
                <label htmlFor="nytt-belopp">Nytt belopp per månad (kronor)</label>
                <p className="field__hint" id="nytt-belopp-hint">
                  Från {limits.minKr} kronor.{" "}
                  {view.method === "card" ? "Ändringen gäller från nästa dragning från kortet." : "Ändringen gäller från nästa dragning som inte redan är beställd hos Bankgirot."}
                </p>
                {errorFor("amount") && (
                  <p className="field__error" id="nytt-belopp-fel">
                    {errorFor("amount")}
                  </p>
                )}
                <input
                  id="nytt-belopp"
                  name="amount"
                  inputMode="numeric"
                  value={newAmount}
                  onChange={(e) => setNewAmount(e.currentTarget.value)}
                  aria-describedby={`nytt-belopp-hint${errorFor("amount") ? " nytt-belopp-fel" : ""}`}
                  aria-invalid={errorFor("amount") ? true : undefined}
                />
              </div>
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
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="day" />
              <div className={`field${errorFor("day") ? " field--error" : ""}`}>
                <label htmlFor="ny-dag">Ny dag i månaden</label>
                {errorFor("day") && (
                  <p className="field__error" id="ny-dag-fel">
                    {errorFor("day")}
                  </p>
                )}
                <select id="ny-dag" name="debitDay" defaultValue={view.debitDay} aria-describedby={errorFor("day") ? "ny-dag-fel" : undefined}>
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
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="extra" />
                <input type="hidden" name="idempotencyKey" value={extraKey} />
                <div className={`field${errorFor("extra") ? " field--error" : ""}`}>
                  <label htmlFor="extra-belopp">Extra belopp (kronor)</label>
                  {errorFor("extra") && (
                    <p className="field__error" id="extra-belopp-fel">
                      {errorFor("extra")}
                    </p>
                  )}
                  <input id="extra-belopp" name="extraAmount" inputMode="numeric" defaultValue="200" aria-describedby={errorFor("extra") ? "extra-belopp-fel" : undefined} />
                </div>
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
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="pause" />
                {errorFor("pause") && <p className="field__error">{errorFor("pause")}</p>}
                <fieldset className="fieldset">
                  <legend>Hur länge?</legend>
                  {Array.from({ length: view.maxPauseMonths }, (_, i) => i + 1).map((m) => (
                    <label className="choice" key={m}>
                      <input type="radio" name="months" value={m} defaultChecked={m === 1} /> {m === 1 ? "En månad" : m === 2 ? "Två månader" : "Tre månader"}
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
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="cancel" />
              {errorFor("cancel") && (
                <p className="field__error" id="avsluta-fel">
                  {errorFor("cancel")}
                </p>
              )}
              <label className="choice">
                <input type="checkbox" name="confirm" value="ja" aria-describedby={errorFor("cancel") ? "avsluta-fel" : undefined} /> Ja, jag vill avsluta
                {view.kind === "membership" ? " den automatiska förnyelsen" : " min månadsgåva"}
              </label>
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
