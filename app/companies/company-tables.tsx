import type { ReactNode } from "react";
import type { CompanyGiftLine, CompanyOverview } from "#core/companies/company-donors";
import { formatDateLong, formatSek } from "#core/site/format";

/**
 * A company's gifts, invoices and year, as the back office's company page and
 * the company's own page (decision 0047) both show them. The back office's
 * tables are its own (`admin`); the company's page uses the site's
 * (`site`: scrolls sideways on a phone, focusable for the keyboard).
 */
type Variant = "admin" | "site";

function Table({ variant, caption, children }: { variant: Variant; caption: string; children: ReactNode }) {
  if (variant === "admin") {
    return (
      <table className="admin-table">
        <caption>{caption}</caption>
        {children}
      </table>
    );
  }
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Where an invoice's PDF is: the gift's own invoice route, keyed by its unguessable order reference. */
export const invoiceHref = (orderReference: string) => `/ge-en-gava/faktura/${orderReference}`;

export function CompanyYearFigures({ year, reportable, variant = "admin" }: { year: CompanyOverview["year"]; reportable: boolean; variant?: Variant }) {
  return (
    <section aria-labelledby="foretag-aret">
      <h2 id="foretag-aret">Gåvor som räknas {year.year}</h2>
      <dl className={variant === "admin" ? "admin-figures" : "facts"}>
        <div>
          <dt>Gåvor som räknas ({year.qualifyingCount} st)</dt>
          <dd>{formatSek(year.qualifyingOre)}</dd>
        </div>
        <div>
          <dt>Tak per kalenderår</dt>
          <dd>{formatSek(year.ceilingOre)}</dd>
        </div>
        <div>
          <dt>Kvar under taket</dt>
          <dd>{formatSek(year.leftUnderCeilingOre)}</dd>
        </div>
      </dl>
      <p>
        {reportable
          ? `Betalda gåvor på minst 2 000 kr räknas. Underlaget för skattereduktion ${year.year} är ${formatSek(year.baseOre)}${year.qualifyingOre > year.ceilingOre ? " (taket är nått)" : ""}.`
          : "Numret hör till en företagsform som inte får skattereduktion för gåvor (bara aktiebolag och ekonomiska föreningar får det)."}
      </p>
    </section>
  );
}

export function CompanyInvoicesTable({ gifts, variant = "admin" }: { gifts: readonly CompanyGiftLine[]; variant?: Variant }) {
  const invoiced = gifts.filter((g) => g.invoice && g.invoice.state !== "closed");
  const open = invoiced.filter((g) => g.invoice?.state === "open").length;
  return (
    <Table variant={variant} caption={`Fakturor (${open} obetalda, ${invoiced.length - open} betalda)`}>
      <thead>
        <tr>
          <th scope="col">Förfaller</th>
          <th scope="col">Belopp</th>
          <th scope="col">OCR-nummer</th>
          <th scope="col">Er referens</th>
          <th scope="col">Status</th>
          <th scope="col">Faktura</th>
        </tr>
      </thead>
      <tbody>
        {invoiced.length === 0 && (
          <tr>
            <td colSpan={6}>Inga fakturor.</td>
          </tr>
        )}
        {invoiced.map((g) => (
          <tr key={g.orderReference}>
            <td>{formatDateLong(g.invoice!.dueDate)}</td>
            <td>{formatSek(g.amountOre)}</td>
            <td>{g.invoice!.ocr}</td>
            <td>{g.companyReference ?? "–"}</td>
            <td>{g.invoice!.state === "open" ? "Obetald" : `Betald ${g.paidAt ? formatDateLong(g.paidAt) : ""}`}</td>
            <td>
              <a href={invoiceHref(g.orderReference)} download>
                Ladda ner<span className="visually-hidden"> fakturan på {formatSek(g.amountOre)}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function CompanyGiftsTable({ gifts, showContact = false, variant = "admin" }: { gifts: readonly CompanyGiftLine[]; showContact?: boolean; variant?: Variant }) {
  return (
    <Table variant={variant} caption={`Gåvor (${gifts.length})`}>
      <thead>
        <tr>
          <th scope="col">Datum</th>
          <th scope="col">Belopp</th>
          <th scope="col">Betalsätt</th>
          <th scope="col">Status</th>
          <th scope="col">Räknas för skattereduktion</th>
          {showContact && <th scope="col">Kontaktperson</th>}
          <th scope="col">Ordernummer</th>
        </tr>
      </thead>
      <tbody>
        {gifts.map((g) => (
          <tr key={g.orderReference}>
            <td>{formatDateLong(g.paidAt ?? g.createdAt)}</td>
            <td>{formatSek(g.amountOre)}</td>
            <td>{g.methodLabel}</td>
            <td>{g.statusLabel}</td>
            <td>{g.counts ? "Ja" : "Nej"}</td>
            {showContact && <td>{g.contactName}</td>}
            <td>
              <code>{g.orderReference}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
