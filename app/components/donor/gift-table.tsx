import { formatDateLong, formatSek } from "#core/site/format";
import type { DonorGift } from "#core/donors/gift-history";

export function formatDate(iso: string): string {
  return formatDateLong(iso);
}

/** The donor's gifts as a table; on narrow screens each row stacks with its column names (see donor-pages.css). */
export function GiftTable({ id, gifts, caption, receiptHref }: { id?: string; gifts: DonorGift[]; caption: string; receiptHref?: (g: DonorGift) => string }) {
  return (
    // Focusable so that keyboard users can scroll it sideways on a narrow screen.
    <div id={id} className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table gift-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Datum</th>
            <th scope="col">Typ</th>
            <th scope="col" className="num">
              Belopp
            </th>
            <th scope="col">Betalsätt</th>
            <th scope="col">Status</th>
            {receiptHref && <th scope="col">Kvitto</th>}
          </tr>
        </thead>
        <tbody>
          {gifts.map((gift) => (
            <tr key={gift.orderReference}>
              <td data-label="Datum">{formatDate(gift.date)}</td>
              <td data-label="Typ">{gift.typeLabel}</td>
              <td data-label="Belopp" className="num">
                {formatSek(gift.amountOre)}
              </td>
              <td data-label="Betalsätt">{gift.methodLabel}</td>
              <td data-label="Status">{gift.statusLabel}</td>
              {receiptHref && (
                <td data-label="Kvitto">
                  {gift.paid ? (
                    <a href={receiptHref(gift)} download>
                      Ladda ner<span className="visually-hidden"> kvitto för {gift.giftType === "membership" ? "medlemsavgiften" : "gåvan"} {formatDate(gift.date)}</span>
                    </a>
                  ) : (
                    "–"
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
