import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-donors";
import { requireStaff } from "./staff-guard.server";
import { searchDonors } from "#core/staff/donor-search";
import { ensureDonorFromGifts } from "#core/donors/donor-repository";
import { maskPersonnummer, normalisePersonnummer } from "#core/identity/personnummer";

export function meta() {
  return [{ title: "Givare – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  let donors = await searchDonors(container.db, query, container.clock.now());
  if (query.trim() && donors.length === 0) {
    // Someone who has given but never logged in: their donor record is made from their latest gift, as `npm run mydata:link` does.
    const personnummer = normalisePersonnummer(query, { now: container.clock.now() });
    const email = query.includes("@") ? query.trim().toLowerCase() : null;
    const made = personnummer || email ? await ensureDonorFromGifts(container.db, container.clock, personnummer ? { personnummer } : { email: email! }) : null;
    if (made) {
      await audit({ action: "donor.create_from_gifts", subjectType: "donor", subjectId: made.id });
      donors = [made];
    }
  }
  if (query.trim()) await audit({ action: "donors.search", details: { query: query.trim(), hits: donors.length } });
  if (donors.length === 1 && normalisePersonnummer(query, { now: container.clock.now() })) throw redirect(`/admin/givare/${donors[0]!.id}`);
  return {
    query,
    donors: donors.map((d) => ({
      id: d.id,
      name: `${d.given_name} ${d.surname}`.trim(),
      email: d.email,
      personnummer: d.personnummer ? maskPersonnummer(d.personnummer) : null,
      city: d.protected_identity ? null : d.city,
    })),
  };
}

/** Find a donor by name, e-mail or personnummer; each search is written to the audit log. */
export default function AdminDonors({ loaderData }: Route.ComponentProps) {
  const { query, donors } = loaderData;
  return (
    <>
      <h1>Givare</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Sök givare">
        <div className="field">
          <label htmlFor="givare-q">Namn, e-post eller personnummer</label>
          <input id="givare-q" name="q" type="search" defaultValue={query} minLength={2} maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          Sök
        </button>
      </Form>
      {query.trim().length >= 2 && (
        <table className="admin-table">
          <caption>{donors.length === 0 ? `Ingen givare för ”${query}”` : `${donors.length} givare`}</caption>
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">Personnummer</th>
              <th scope="col">E-post</th>
              <th scope="col">Ort</th>
            </tr>
          </thead>
          <tbody>
            {donors.map((d) => (
              <tr key={d.id}>
                <th scope="row">
                  <Link to={`/admin/givare/${d.id}`}>{d.name || "(utan namn)"}</Link>
                </th>
                <td>{d.personnummer ?? "–"}</td>
                <td>{d.email ?? "–"}</td>
                <td>{d.city ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
