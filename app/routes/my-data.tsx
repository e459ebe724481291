import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/my-data";
import { containerContext } from "../context";
import { PRIVATE_HEADERS, assertSameOrigin, clientIp } from "../donors/donor-session.server";
import { findDonor, updateDonorDetails } from "../../core/donors/donor-repository";
import { DETAILS_FIELD_LABELS, donorDetailsSchema } from "../../core/donors/donor-details";
import { fieldErrors } from "../../core/gifts/gift-form";
import { maskPersonnummer } from "../../core/identity/personnummer";
import { addComment, COMMENT_MAX_LENGTH, eraseDonor, KEPT_AFTER_ERASURE, myDataFor } from "../../core/my-data/my-data-service";
import { ErrorSummary, errorId, fieldId } from "../components/form/error-summary";
import { DonorDetailsFields, detailsValues } from "../components/donor/donor-details-fields";
import { GiftTable, formatDate } from "../components/donor/gift-table";
import "../components/form/form.css";
import "./donor-pages.css";

export function meta() {
  return [
    { title: "Dina uppgifter" },
    { name: "robots", content: "noindex" },
    // The address carries the token: never send it on to another site.
    { name: "referrer", content: "no-referrer" },
  ];
}

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "no-referrer" };
}

const FAILURE_STATUS = { invalid: 401, expired: 410, revoked: 410 } as const;

/**
 * The page a donor reaches from the e-mailed link (`/dina-uppgifter?token=…`):
 * everything we hold about them, a form to correct it, comments, a download,
 * and erasure. The token decides whose data; a forged, altered, expired or
 * revoked token gets a page that says so and changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (!token && url.searchParams.get("raderad") === "1") return { state: "erased" as const, kept: KEPT_AFTER_ERASURE };
  const check = await container.donors.links.verify(token);
  if (!check.ok) return data({ state: check.reason }, { status: FAILURE_STATUS[check.reason] });
  const donor = await findDonor(container.db, check.donorId);
  if (!donor) return data({ state: "revoked" as const }, { status: 410 });
  await container.donors.links.markUsed(check.tokenId);
  const myData = await myDataFor(container.db, container.clock, container.site, donor);
  return {
    state: "ok" as const,
    token: token as string,
    expiresAt: check.expiresAt,
    maskedPersonnummer: donor.personnummer ? maskPersonnummer(donor.personnummer) : null,
    myData,
    saved: url.searchParams.get("sparat") === "1",
    commented: url.searchParams.get("kommentar") === "1",
    kept: KEPT_AFTER_ERASURE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  if (!container.donors.limits.myData.hit(clientIp(context))) {
    return data({ errors: { form: "Du har gjort många ändringar på kort tid. Vänta en minut och försök igen." }, values: {} }, { status: 429 });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await container.donors.links.verify(token);
  // Nothing changes without a valid token; the loader then shows why.
  if (!check.ok) return redirect(`/dina-uppgifter?${new URLSearchParams({ token })}`, 303);
  const donor = await findDonor(container.db, check.donorId);
  if (!donor) return redirect(`/dina-uppgifter?${new URLSearchParams({ token })}`, 303);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const back = (flag: string) => redirect(`/dina-uppgifter?${new URLSearchParams({ token, [flag]: "1" })}`, 303);

  switch (form.intent) {
    case "update": {
      const parsed = donorDetailsSchema.safeParse(form);
      if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: form }, { status: 400 });
      await updateDonorDetails(container.db, container.clock, donor, parsed.data);
      return back("sparat");
    }
    case "comment": {
      const comment = (form.comment ?? "").trim();
      const error = comment === "" ? "Skriv en kommentar." : comment.length > COMMENT_MAX_LENGTH ? `Kommentaren får vara högst ${COMMENT_MAX_LENGTH} tecken.` : null;
      if (error) return data({ errors: { comment: error }, values: form }, { status: 400 });
      await addComment(container.db, container.clock, donor.id, comment, "my-data");
      return back("kommentar");
    }
    case "erase": {
      if (form.confirm !== "on") {
        return data({ errors: { confirm: "Kryssa i rutan om du vill att vi raderar dina uppgifter." }, values: form }, { status: 400 });
      }
      await eraseDonor({ db: container.db, clock: container.clock, mailer: container.mailer, site: container.site, tokens: container.donors.links }, donor.id, "my-data");
      return redirect("/dina-uppgifter?raderad=1", 303);
    }
    default:
      throw data(null, { status: 400 });
  }
}

const LABELS: Record<string, string> = { ...DETAILS_FIELD_LABELS, comment: "Kommentar", confirm: "Radera" };

function TokenProblem({ state }: { state: "invalid" | "expired" | "revoked" }) {
  const text = {
    invalid: {
      title: "Länken fungerar inte",
      body: "Länken är inte giltig. Kontrollera att du har kopierat hela länken från mejlet – den är lång och kan ha brutits på två rader.",
    },
    expired: {
      title: "Länken har gått ut",
      body: "Av säkerhetsskäl fungerar länken till dina uppgifter bara en begränsad tid. Inga uppgifter har ändrats.",
    },
    revoked: {
      title: "Länken gäller inte längre",
      body: "Länken har ersatts av en nyare länk eller stängts av. Använd den senaste länken du har fått. Inga uppgifter har ändrats.",
    },
  }[state];
  return (
    <article className="page page--narrow">
      <h1>{text.title}</h1>
      <p className="lead">{text.body}</p>
      <h2>Så får du en ny länk</h2>
      <ul>
        <li>
          <Link to="/logga-in">Logga in på Mina sidor med BankID</Link> och välj ”Skicka länk till mina uppgifter”.
        </li>
        <li>
          Eller <Link to="/kontakt">kontakta oss</Link>, så skickar vi en ny länk till dig.
        </li>
      </ul>
    </article>
  );
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "erased") {
    return (
      <article className="page page--narrow">
        <h1>Dina uppgifter är raderade</h1>
        <p className="notice notice--success" role="status">
          Vi har raderat dina uppgifter. Du får en bekräftelse via e-post.
        </p>
        <h2>Det här sparar vi, och varför</h2>
        <p>{loaderData.kept}</p>
        <p>
          <Link to="/">Till startsidan</Link>
        </p>
      </article>
    );
  }
  if (loaderData.state !== "ok") return <TokenProblem state={loaderData.state} />;

  const { token, expiresAt, maskedPersonnummer, myData, saved, commented, kept } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values as Record<string, string> | undefined;
  const donor = myData.donor;
  const formAction = `/dina-uppgifter?${new URLSearchParams({ token })}`;
  const contact = [
    donor.contactPreferences.email && "e-post",
    donor.contactPreferences.post && "brev",
    donor.contactPreferences.phone && "telefon eller sms",
  ].filter(Boolean);
  const detailErrors = values?.intent === "update" ? errors : {};

  return (
    <article className="page page--medium my-data">
      <h1>Dina uppgifter hos oss</h1>
      <p className="lead">
        Hej {donor.givenName}! Här ser du allt vi har sparat om dig. Du kan rätta uppgifterna, lämna en kommentar, ladda ner allt
        som en fil eller be oss radera det.
      </p>
      <p className="field__hint">Länken fungerar till {formatDate(expiresAt)}. Dela den inte med någon.</p>
      <ErrorSummary errors={errors} labels={LABELS} />
      {saved && !actionData && (
        <p className="notice notice--success" role="status">
          Tack! Dina uppgifter är sparade.
        </p>
      )}
      {commented && !actionData && (
        <p className="notice notice--success" role="status">
          Tack för din kommentar! Vi läser alla kommentarer.
        </p>
      )}

      <section aria-labelledby="sparat-rubrik">
        <h2 id="sparat-rubrik">Det här har vi sparat</h2>
        <dl className="facts">
          <dt>Namn</dt>
          <dd>{donor.name}</dd>
          {maskedPersonnummer && (
            <>
              <dt>Personnummer</dt>
              <dd>{maskedPersonnummer}</dd>
            </>
          )}
          <dt>Adress</dt>
          <dd>
            {donor.protectedIdentity
              ? "Ingen – du har skyddad identitet"
              : donor.address
                ? `${donor.address.street}, ${donor.address.postalCode} ${donor.address.city}`
                : "Ingen adress"}
          </dd>
          <dt>E-post</dt>
          <dd>{donor.email ?? "Ingen"}</dd>
          <dt>Telefon</dt>
          <dd>{donor.phone ?? "Inget"}</dd>
          <dt>Vi får kontakta dig via</dt>
          <dd>{contact.length > 0 ? contact.join(", ") : "Inget sätt"}</dd>
          <dt>Nyhetsbrev</dt>
          <dd>{donor.contactPreferences.newsletter ? "Ja" : "Nej"}</dd>
        </dl>
      </section>

      <section aria-labelledby="ratta-rubrik">
        <h2 id="ratta-rubrik">Rätta dina uppgifter</h2>
        <Form method="post" action={formAction} className="form" noValidate>
          <input type="hidden" name="intent" value="update" />
          <DonorDetailsFields values={detailsValues(donor, values?.intent === "update" ? values : undefined)} errors={detailErrors} protectedIdentity={donor.protectedIdentity} />
          <p>
            <button type="submit" className="button button--primary">
              Spara ändringar
            </button>
          </p>
        </Form>
      </section>

      <section aria-labelledby="gavor-rubrik">
        <h2 id="gavor-rubrik">Dina gåvor</h2>
        {myData.gifts.length === 0 ? <p>Vi har inga gåvor registrerade på dig.</p> : <GiftTable gifts={myData.gifts} caption="Dina gåvor, senaste först" />}
      </section>

      <section aria-labelledby="kommentar-rubrik">
        <h2 id="kommentar-rubrik">Lämna en kommentar</h2>
        <p>Är något fel som du inte kan rätta själv, eller vill du säga något till oss? Skriv här.</p>
        <Form method="post" action={formAction} className="form" noValidate>
          <input type="hidden" name="intent" value="comment" />
          <div className={`field${errors.comment ? " field--error" : ""}`}>
            <label htmlFor={fieldId("comment")}>Kommentar</label>
            <p className="field__hint" id="tips-comment">
              Högst {COMMENT_MAX_LENGTH} tecken. Skriv inga känsliga uppgifter, till exempel om din hälsa.
            </p>
            {errors.comment && (
              <p className="field__error" id={errorId("comment")}>
                <span className="visually-hidden">Fel: </span>
                {errors.comment}
              </p>
            )}
            <textarea
              id={fieldId("comment")}
              name="comment"
              rows={5}
              maxLength={COMMENT_MAX_LENGTH}
              defaultValue={values?.intent === "comment" ? (values.comment ?? "") : ""}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={`tips-comment${errors.comment ? ` ${errorId("comment")}` : ""}`}
            />
          </div>
          <p>
            <button type="submit" className="button button--secondary">
              Skicka kommentaren
            </button>
          </p>
        </Form>
        {myData.comments.length > 0 && (
          <>
            <h3>Dina tidigare kommentarer</h3>
            <ul className="comment-list">
              {myData.comments.map((c, i) => (
                <li key={`${c.createdAt}-${i}`}>
                  <p className="muted">{formatDate(c.createdAt)}</p>
                  <p>{c.body}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="ladda-ner-rubrik">
        <h2 id="ladda-ner-rubrik">Ladda ner dina uppgifter</h2>
        <p>Du kan ladda ner allt vi har sparat om dig som en fil (JSON), till exempel för att spara eller flytta det.</p>
        <p>
          <a className="button button--secondary" href={`/api/MyData/Fetch?${new URLSearchParams({ token, download: "1" })}`} download="mina-uppgifter.json">
            Ladda ner mina uppgifter
          </a>
        </p>
      </section>

      <section aria-labelledby="radera-rubrik">
        <h2 id="radera-rubrik">Radera dina uppgifter</h2>
        <p>{kept}</p>
        <p>Efter raderingen slutar den här länken att fungera, och du loggas ut från Mina sidor.</p>
        <Form method="post" action={formAction} className="form" noValidate>
          <input type="hidden" name="intent" value="erase" />
          <div className={`choice${errors.confirm ? " field--error" : ""}`}>
            <input
              type="checkbox"
              id={fieldId("confirm")}
              name="confirm"
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? errorId("confirm") : undefined}
            />
            <label htmlFor={fieldId("confirm")}>Ja, radera mina uppgifter</label>
          </div>
          {errors.confirm && (
            <p className="field__error" id={errorId("confirm")}>
              <span className="visually-hidden">Fel: </span>
              {errors.confirm}
            </p>
          )}
          <p>
            <button type="submit" className="button button--danger">
              Radera mina uppgifter
            </button>
          </p>
        </Form>
      </section>
    </article>
  );
}
