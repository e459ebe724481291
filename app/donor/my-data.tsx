import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/my-data";
import { containerContext } from "../context";
import { TOKEN_FAILURE_STATUS, TOKEN_PAGE_HEADERS, assertSameOrigin, clientIp } from "./donor-session.server";
import { findDonor } from "#core/donors/donor-repository";
import { saveDonorDetails } from "#core/donors/email-change";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import { PendingEmailNotice } from "../components/donor/pending-email-notice";
import { DETAILS_FIELD_LABELS, donorDetailsSchema } from "#core/donors/donor-details";
import { maskPersonnummer } from "#core/identity/personnummer";
import { addComment, eraseDonor, KEPT_AFTER_ERASURE, myDataFor } from "#core/my-data/my-data-service";
import { whatErasureEnds } from "#core/agreements/agreements-on-erasure";
import { COMMENT_MAX_LENGTH, commentFormSchema, eraseFormSchema } from "#core/my-data/my-data-forms";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { DonorDetailsFields, detailsValues } from "../components/donor/donor-details-fields";
import { GiftTable, formatDate } from "../components/donor/gift-table";
import { formatCalendarDate, formatSek } from "#core/site/format";
import "../components/form/form.css";
import "./donor-pages.css";

export function meta() {
  return [
    { title: "Dina uppgifter" },
    { name: "robots", content: "noindex" },
    // The address carries the token: never send it on to another site (same-origin, not no-referrer: see headers).
    { name: "referrer", content: "same-origin" },
  ];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

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
  if (!check.ok) return data({ state: check.reason }, { status: TOKEN_FAILURE_STATUS[check.reason] });
  const donor = await findDonor(container.db, check.subject);
  if (!donor) return data({ state: "revoked" as const }, { status: 410 });
  await container.donors.links.markUsed(check.tokenId);
  const myData = await myDataFor(container.db, container.clock, container.site, donor);
  const endsOnErasure = await whatErasureEnds(container.db, donor.id, "donor");
  return {
    state: "ok" as const,
    token: token as string,
    expiresAt: check.expiresAt,
    maskedPersonnummer: donor.personnummer ? maskPersonnummer(donor.personnummer) : null,
    myData,
    saved: url.searchParams.get("sparat") === "1",
    pendingEmail: donor.pending_email,
    confirmedEmail: donor.email,
    commented: url.searchParams.get("kommentar") === "1",
    kept: KEPT_AFTER_ERASURE,
    endsOnErasure,
  };
}

/** The page's three forms, told apart by their hidden `intent` field, each with its own schema. */
const FORMS = { update: donorDetailsSchema, comment: commentFormSchema, erase: eraseFormSchema } as const;
type FormName = keyof typeof FORMS;
const isFormName = (value: unknown): value is FormName => typeof value === "string" && Object.hasOwn(FORMS, value);

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isFormName(intent)) throw data(null, { status: 400 });
  if (!(await container.donors.limits.myData.hit(clientIp(context)))) {
    const result = parseForm(formData, FORMS[intent]).reply({ formErrors: ["Du har gjort många ändringar på kort tid. Vänta en minut och försök igen."] });
    return data({ intent, result }, { status: 429 });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await container.donors.links.verify(token);
  // Nothing changes without a valid token; the loader then shows why.
  if (!check.ok) return redirect(`/dina-uppgifter?${new URLSearchParams({ token })}`, 303);
  const donor = await findDonor(container.db, check.subject);
  if (!donor) return redirect(`/dina-uppgifter?${new URLSearchParams({ token })}`, 303);
  const back = (flag: string) => redirect(`/dina-uppgifter?${new URLSearchParams({ token, [flag]: "1" })}`, 303);
  const failed = (result: FormResult) => data({ intent, result }, { status: 400 });

  switch (intent) {
    case "update": {
      const submission = parseForm(formData, donorDetailsSchema);
      if (submission.status !== "success") return failed(submission.reply());
      try {
        await saveDonorDetails({ db: container.db, clock: container.clock, tokens: container.donors.links, recipientMail: container.recipientMail }, donor, submission.value);
      } catch (error) {
        if (!(error instanceof RecipientMailLimitedError)) throw error;
        return data({ intent, result: submission.reply({ fieldErrors: { email: [RECIPIENT_MAIL_LIMITED_MESSAGE] } }) }, { status: 429 });
      }
      return back("sparat");
    }
    case "comment": {
      const submission = parseForm(formData, commentFormSchema);
      if (submission.status !== "success") return failed(submission.reply());
      await addComment(container.db, container.clock, donor.id, submission.value.comment, "my-data");
      return back("kommentar");
    }
    case "erase": {
      const submission = parseForm(formData, eraseFormSchema);
      if (submission.status !== "success") return failed(submission.reply());
      await eraseDonor({ db: container.db, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, mailer: container.mailer, site: container.site, tokens: container.donors.links }, donor.id, "my-data");
      return redirect("/dina-uppgifter?raderad=1", 303);
    }
  }
}

const COMMENT_LABELS = { comment: "Kommentar", form: "Formuläret" };
const ERASE_LABELS = { confirm: "Radera", form: "Formuläret" };

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
  return <MyDataPage page={loaderData} actionData={actionData} />;
}

type PageData = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>;

function MyDataPage({ page, actionData }: { page: PageData; actionData: Route.ComponentProps["actionData"] }) {
  const { token, expiresAt, maskedPersonnummer, myData, saved, pendingEmail, confirmedEmail, commented, kept, endsOnErasure } = page;
  const donor = myData.donor;
  const resultFor = (intent: FormName) => (actionData?.intent === intent ? actionData.result : undefined);
  const details = useSiteForm({
    id: "uppgifter",
    schema: donorDetailsSchema,
    lastResult: resultFor("update"),
    defaultValue: detailsValues(donor, pendingEmail),
    labels: DETAILS_FIELD_LABELS,
  });
  const comment = useSiteForm({ id: "kommentar", schema: commentFormSchema, lastResult: resultFor("comment"), labels: COMMENT_LABELS });
  const erase = useSiteForm({ id: "radera", schema: eraseFormSchema, lastResult: resultFor("erase"), labels: ERASE_LABELS });
  const formAction = `/dina-uppgifter?${new URLSearchParams({ token })}`;
  const contact = [
    donor.contactPreferences.email && "e-post",
    donor.contactPreferences.post && "brev",
    donor.contactPreferences.phone && "telefon eller sms",
  ].filter(Boolean);

  return (
    <article className="page page--medium my-data">
      <h1>Dina uppgifter hos oss</h1>
      <p className="lead">
        Hej {donor.givenName}! Här ser du allt vi har sparat om dig. Du kan rätta uppgifterna, lämna en kommentar, ladda ner allt
        som en fil eller be oss radera det.
      </p>
      <p className="field__hint">Länken fungerar till {formatDate(expiresAt)}. Dela den inte med någon.</p>
      {saved && !actionData && (
        <p className="notice notice--success" role="status">
          Tack! Dina uppgifter är sparade.
        </p>
      )}
      <PendingEmailNotice pendingEmail={pendingEmail} confirmedEmail={confirmedEmail} />
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
        <ErrorSummary {...details.summary} />
        <Form method="post" action={formAction} className="form" {...details.formProps}>
          <input type="hidden" name="intent" value="update" />
          <DonorDetailsFields fields={details.fields} protectedIdentity={donor.protectedIdentity} />
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

      {(myData.agreements.length > 0 || myData.membership) && (
        <section aria-labelledby="manadsgivande-rubrik">
          <h2 id="manadsgivande-rubrik">Månadsgivande och medlemskap</h2>
          {myData.agreements.length > 0 && (
            <ul className="agreement-list">
              {myData.agreements.map((a, index) => (
                <li key={index}>
                  <strong>
                    {a.kind === "membership" ? "Medlemsavgift" : "Månadsgåva"}, {formatSek(a.amountOre)} {a.interval === "yearly" ? "om året" : "i månaden"}
                  </strong>
                  {a.interval === "monthly" ? `, den ${a.debitDay}:e` : ""} – {a.status.toLowerCase()}.{a.paidWith ? ` ${a.paidWith}.` : ""}
                </li>
              ))}
            </ul>
          )}
          {myData.membership && (
            <p>
              Du är medlem nummer {myData.membership.memberNumber}, betalt till och med {formatCalendarDate(myData.membership.paidUntil)}.
            </p>
          )}
          {myData.agreements.length > 0 && (
            <p>
              Du ändrar, pausar eller avslutar ditt givande på <Link to="/mina-sidor">Mina sidor</Link>, där du loggar in med BankID.
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="kommentar-rubrik">
        <h2 id="kommentar-rubrik">Lämna en kommentar</h2>
        <p>Är något fel som du inte kan rätta själv, eller vill du säga något till oss? Skriv här.</p>
        <ErrorSummary {...comment.summary} />
        <Form method="post" action={formAction} className="form" {...comment.formProps}>
          <input type="hidden" name="intent" value="comment" />
          <TextAreaField
            field={comment.fields.comment}
            label="Kommentar"
            hint={`Högst ${COMMENT_MAX_LENGTH} tecken. Skriv inga känsliga uppgifter, till exempel om din hälsa.`}
            rows={5}
            maxLength={COMMENT_MAX_LENGTH}
          />
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
        {endsOnErasure && (
          <div className="notice" id="radera-avslutas">
            <p>
              Om du raderar dina uppgifter avslutar vi också {endsOnErasure}, och inga fler gåvor dras. En dragning som redan har
              skickats till banken kan ändå komma – då står det i bekräftelsen vi mejlar dig.
            </p>
          </div>
        )}
        <p>Efter raderingen slutar den här länken att fungera, och du loggas ut från Mina sidor.</p>
        <ErrorSummary {...erase.summary} />
        <Form method="post" action={formAction} className="form" {...erase.formProps}>
          <input type="hidden" name="intent" value="erase" />
          <CheckboxField field={erase.fields.confirm} label="Ja, radera mina uppgifter" />
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
