import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin-payments";
import { requireStaff } from "./staff-guard.server";
import { BANK_FILE_MAX_BYTES, TooLargeError, limitedFormData } from "./limited-form-data.server";
import { formatDateTime } from "./admin-format";
import { searchPayments } from "#core/staff/payment-search";
import { ResolutionRefusal, resolveToDonor, resolveToInvoice, unmatchedPayments } from "#core/staff/unmatched-payments";
import { importBankFile, type BankFileImportSummary } from "#core/payments/bank-file-import";
import { findDonorByEmail, findDonorByPersonnummer } from "#core/donors/donor-repository";
import { normalisePersonnummer } from "#core/identity/personnummer";
import { METHOD_LABELS } from "#core/donors/gift-history";
import { GIFT_TYPE_LABELS, isGiftType } from "#core/gifts/gift-types";
import { PAYMENT_STATUS_LABELS, UNMATCHED_REASONS } from "./payment-labels";
import { countOf, formatSek } from "#core/site/format";

export function meta() {
  return [{ title: "Betalningar – Administration" }];
}

/** How many of the newest payments the page shows before a search. */
const LATEST_SHOWN = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "ekonomi");
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  // Without a search, the newest payments, so that the page shows what came in (the latest first).
  const hits = await searchPayments(container.db, query, query.trim() ? 50 : LATEST_SHOWN);
  // Names and e-mail addresses are donors' personal data: every list of them is logged, with what was asked.
  await audit({ action: "payments.search", details: { query: query.trim(), hits: hits.length } });
  const unmatched = await unmatchedPayments(container.db);
  return { query, hits, unmatched: unmatched.filter((u) => !u.resolution), resolved: unmatched.filter((u) => u.resolution).slice(0, 20) };
}

type ActionResult = { kind: "import"; summary: BankFileImportSummary } | { kind: "message"; ok: boolean; message: string };

/** BgMax import (the same import as `npm run payments:import`, safe to repeat) and resolving unmatched bank payments. */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "ekonomi");
  const deps = { db: container.db, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, bankFileReader: container.bankFileReader };
  let form: FormData;
  try {
    form = await limitedFormData(request, BANK_FILE_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof TooLargeError)) throw error;
    await audit({ action: "bank_file.import", outcome: "refused", details: { reason: "too_large", maxBytes: BANK_FILE_MAX_BYTES } });
    return data<ActionResult>({ kind: "message", ok: false, message: `Filen är för stor. En BgMax-fil från Bankgirot är några kilobyte; högst ${BANK_FILE_MAX_BYTES / 1024 / 1024} MB tas emot. Ingenting lästes in.` }, { status: 413 });
  }
  const intent = form.get("intent");
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      await audit({ action: "bank_file.import", outcome: "refused", details: { reason: "no_file" } });
      return data<ActionResult>({ kind: "message", ok: false, message: "Välj en BgMax-fil att läsa in." }, { status: 400 });
    }
    const name = file.name.replace(/[^\w.\- ]/g, "_").slice(0, 100) || "bgmax.txt";
    const summary = await importBankFile(deps, { name, content: Buffer.from(await file.arrayBuffer()) });
    await audit({
      action: "bank_file.import",
      outcome: summary.status === "rejected" ? "refused" : "ok",
      subjectType: "bank_file",
      subjectId: name,
      details: { status: summary.status, booked: summary.booked.length, underpaid: summary.underpaid.length, unmatched: summary.unmatched.length, errors: summary.errors.length },
    });
    return data<ActionResult>({ kind: "import", summary }, { status: summary.status === "rejected" ? 422 : 200 });
  }
  if (intent === "invoice" || intent === "donor") {
    const importId = String(form.get("importId") ?? "");
    const line = Number(form.get("line"));
    const action = intent === "invoice" ? "bank_payment.resolve_invoice" : "bank_payment.resolve_donor";
    try {
      if (!Number.isInteger(line)) throw new ResolutionRefusal("Betalningen finns inte bland de omatchade.");
      let result;
      if (intent === "invoice") {
        const orderReference = String(form.get("orderReference") ?? "").trim();
        if (!orderReference) throw new ResolutionRefusal("Skriv fakturans ordernummer.");
        result = await resolveToInvoice(deps, { importId, line, orderReference, staffId: staff.id });
      } else {
        const who = String(form.get("donor") ?? "").trim();
        const personnummer = normalisePersonnummer(who, { now: container.clock.now() });
        const donor = personnummer
          ? await findDonorByPersonnummer(container.db, personnummer)
          : who.includes("@")
            ? await findDonorByEmail(container.db, who.toLowerCase())
            : undefined;
        if (!donor) throw new ResolutionRefusal("Ingen givare har det personnumret eller den e-postadressen.");
        result = await resolveToDonor(deps, { importId, line, donorId: donor.id, staffId: staff.id });
      }
      await audit({ action, subjectType: "payment", subjectId: result.paymentId, details: { importId, line, orderReference: result.orderReference, amountOre: result.line.amountOre } });
      return { kind: "message", ok: true, message: `Betalningen på ${formatSek(result.line.amountOre)} är bokad på order ${result.orderReference}.` } satisfies ActionResult;
    } catch (error) {
      if (!(error instanceof ResolutionRefusal)) throw error;
      await audit({ action, outcome: "refused", details: { importId, line, reason: error.message } });
      return data<ActionResult>({ kind: "message", ok: false, message: error.message }, { status: 400 });
    }
  }
  throw data("Okänd begäran.", { status: 400 });
}

function ImportSummary({ summary }: { summary: BankFileImportSummary }) {
  const heading =
    summary.status === "rejected"
      ? "Filen kunde inte läsas in – ingenting bokades"
      : summary.status === "already-imported"
        ? "Filen är redan inläst – ingenting bokades en gång till"
        : "Filen är inläst";
  return (
    <div role={summary.status === "rejected" ? "alert" : "status"} className={`notice${summary.status === "rejected" ? " notice--error" : " notice--success"}`}>
      <h3>
        {heading}: {summary.fileName}
      </h3>
      {summary.errors.length > 0 && (
        <ul>
          {summary.errors.slice(0, 20).map((e) => (
            <li key={`${e.line}-${e.message}`}>
              Rad {e.line}: {e.message}
            </li>
          ))}
        </ul>
      )}
      {summary.status !== "rejected" && (
        <p>
          {summary.booked.length} bokade, {summary.underpaid.length} för lite betalda, {summary.unmatched.length} utan matchning.
        </p>
      )}
    </div>
  );
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { query, hits, unmatched, resolved } = loaderData;
  return (
    <>
      <h1>Betalningar</h1>
      {actionData?.kind === "message" && (
        <p role={actionData.ok ? "status" : "alert"} className={`notice${actionData.ok ? " notice--success" : " notice--error"}`}>
          {actionData.message}
        </p>
      )}
      {actionData?.kind === "import" && <ImportSummary summary={actionData.summary} />}

      <section aria-labelledby="sok-betalning">
        <h2 id="sok-betalning">Sök betalning</h2>
        <Form method="get" className="admin-filters" role="search" aria-labelledby="sok-betalning">
          <div className="field">
            <label htmlFor="betalning-q">Ordernummer, OCR, namn eller e-post</label>
            <input id="betalning-q" name="q" type="search" defaultValue={query} minLength={2} maxLength={100} />
          </div>
          <button type="submit" className="button button--primary">
            Sök
          </button>
        </Form>
        {query.trim().length !== 1 && (
          <table className="admin-table">
            <caption>
              {query.trim() === ""
                ? hits.length === 0
                  ? "Inga betalningar ännu"
                  : hits.length === 1
                    ? "Den enda betalningen hittills"
                    : `De senaste ${hits.length} betalningarna, den nyaste först`
                : hits.length === 0
                  ? `Inga betalningar för ”${query}”`
                  : `${countOf(hits.length, "betalning", "betalningar")} för ”${query}”`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Ordernummer</th>
                <th scope="col">Givare</th>
                <th scope="col">Gåva</th>
                <th scope="col">Belopp</th>
                <th scope="col">Betalsätt</th>
                <th scope="col">Status</th>
                <th scope="col">Skapad</th>
              </tr>
            </thead>
            <tbody>
              {hits.map((h) => (
                <tr key={h.paymentId}>
                  <td>
                    <Link to={`/admin/betalningar/${h.paymentId}`}>
                      <code>{h.orderReference}</code>
                    </Link>
                  </td>
                  <td>
                    {h.donorName}
                    <br />
                    <span className="admin-muted">{h.donorEmail}</span>
                  </td>
                  <td>{isGiftType(h.giftType) ? GIFT_TYPE_LABELS[h.giftType] : h.giftType}</td>
                  <td>{formatSek(h.amountOre)}</td>
                  <td>
                    {METHOD_LABELS[h.method] ?? h.method}
                    {h.providerReference && h.method === "invoice" && <span className="admin-muted"> OCR {h.providerReference}</span>}
                  </td>
                  <td>{PAYMENT_STATUS_LABELS[h.status] ?? h.status}</td>
                  <td>{formatDateTime(h.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="bgmax" className="admin-panel">
        <h2 id="bgmax">Läs in BgMax-fil</h2>
        <p>Samma inläsning som kommandot payments:import. Samma fil två gånger bokar ingenting två gånger.</p>
        <form method="post" encType="multipart/form-data" className="admin-filters">
          <input type="hidden" name="intent" value="import" />
          <div className="field">
            <label htmlFor="bgmax-fil">BgMax-fil från Bankgirot</label>
            <input id="bgmax-fil" name="file" type="file" accept=".txt,.bgmax,.dat,text/plain" required />
          </div>
          <button type="submit" className="button button--primary">
            Läs in
          </button>
        </form>
      </section>

      <section aria-labelledby="omatchade">
        <h2 id="omatchade">Omatchade inbetalningar ({unmatched.length})</h2>
        {unmatched.length === 0 ? (
          <p>Alla inbetalningar är matchade.</p>
        ) : (
          <table className="admin-table">
            <caption className="visually-hidden">Omatchade inbetalningar</caption>
            <thead>
              <tr>
                <th scope="col">Fil och rad</th>
                <th scope="col">Belopp</th>
                <th scope="col">Referens och avsändare</th>
                <th scope="col">Varför</th>
                <th scope="col">Boka på faktura</th>
                <th scope="col">Boka som gåva från givare</th>
              </tr>
            </thead>
            <tbody>
              {unmatched.map((u) => {
                const key = `${u.importId}-${u.line}`;
                return (
                  <tr key={key}>
                    <td>
                      {u.fileName}, rad {u.line}
                    </td>
                    <td>{formatSek(u.amountOre)}</td>
                    <td>
                      {u.reference || "–"}
                      {u.name && <span className="admin-muted"> {u.name}</span>}
                    </td>
                    <td>{UNMATCHED_REASONS[u.reason] ?? u.reason}</td>
                    <td>
                      <Form method="post" className="admin-inline">
                        <input type="hidden" name="intent" value="invoice" />
                        <input type="hidden" name="importId" value={u.importId} />
                        <input type="hidden" name="line" value={u.line} />
                        <label htmlFor={`faktura-${key}`}>Ordernummer för rad {u.line}</label>
                        <input id={`faktura-${key}`} name="orderReference" required maxLength={40} autoComplete="off" />
                        <button type="submit" className="button button--secondary button--small">
                          Boka på fakturan
                        </button>
                      </Form>
                    </td>
                    <td>
                      <Form method="post" className="admin-inline">
                        <input type="hidden" name="intent" value="donor" />
                        <input type="hidden" name="importId" value={u.importId} />
                        <input type="hidden" name="line" value={u.line} />
                        <label htmlFor={`givare-${key}`}>Personnummer eller e-post för rad {u.line}</label>
                        <input id={`givare-${key}`} name="donor" required maxLength={100} autoComplete="off" />
                        <button type="submit" className="button button--secondary button--small">
                          Boka som gåva
                        </button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {resolved.length > 0 && (
          <details>
            <summary>Senast hanterade ({resolved.length})</summary>
            <ul>
              {resolved.map((u) => (
                <li key={`${u.importId}-${u.line}`}>
                  {u.fileName}, rad {u.line}: {formatSek(u.amountOre)} – {u.resolution?.kind === "invoice" ? "bokad på faktura" : "bokad som gåva"}{" "}
                  {u.resolution?.paymentId && <Link to={`/admin/betalningar/${u.resolution.paymentId}`}>visa</Link>}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
    </>
  );
}
