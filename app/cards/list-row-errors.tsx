import type { RowError } from "#core/list-orders/list-order";

/** An uploaded list's problems by line, column and reason (list orders, a company's Christmas card list). */
export function ListRowErrors({ errors, note }: { errors: readonly RowError[]; note: string }) {
  return (
    <section className="info-box list-order-errors">
      <h2 id="list-order-errors">Rader att rätta i listan</h2>
      <p>{note}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="list-order-errors">
        <table>
          <thead>
            <tr>
              <th scope="col">Rad</th>
              <th scope="col">Kolumn</th>
              <th scope="col">Vad som behöver rättas</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.row}-${error.column}-${error.message}`}>
                <td>Rad {error.row}</td>
                <td>{error.column}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
