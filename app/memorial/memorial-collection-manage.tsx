import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/memorial-collection-manage";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, assertSameOrigin, clientIp } from "../donor/donor-session.server";
import { isManageFormName, manageForms } from "#core/memorial/collection-forms";
import { isSlug } from "#core/memorial/collection-slug";
import {
  closeCollection,
  collectionPath,
  manageCollectionGifts,
  managePath,
  setGreetingHidden,
  updateCollectionSettings,
  verifyManageAccess,
} from "#core/memorial/collection-service";
import { formatDateLong, formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { CollectionHeading, GreetingText, personFacts } from "./collection-parts";
import "../components/form/form.css";
import "./memorial-gift.css";
import "./memorial-collection.css";

export function meta() {
  return [
    { title: "Hantera minnesinsamlingen" },
    { name: "robots", content: "noindex" },
    // The address carries the token: never send it on to another site. (Not no-referrer: that makes the browser
    // send "Origin: null" with the page's own posts, which the same-origin check rightly refuses.)
    { name: "referrer", content: "same-origin" },
  ];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

const FAILURE_STATUS = { invalid: 401, expired: 410 } as const;

/** What a post did, said after the redirect (post, redirect, get: a reload changes nothing twice). */
const DONE = {
  sparat: "Inställningarna är sparade.",
  dold: "Hälsningen syns inte längre på sidan. Den finns kvar på minnesbladet.",
  visad: "Hälsningen syns på sidan igen.",
  avslutad: "Insamlingen är avslutad. Vi skickar alla minnesblad samlade i en PDF till er e-post inom några minuter.",
} as const;

/**
 * The organiser's page, reached by the signed link in their e-mail
 * (`/minnesinsamling/{slug}/hantera?token=…`): every gift with its greeting
 * (amounts only where the giver chose to show them) and the total, hiding a
 * greeting from the page, what the page shows, closing the collection, and
 * the combined PDF once closed. A forged, altered or expired link gets a page
 * that says so and changes nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const access = isSlug(params.slug)
    ? await verifyManageAccess(container.db, container.collections.linkKey, params.slug, token, container.clock.now())
    : ({ ok: false, reason: "invalid" } as const);
  if (!access.ok) return data({ state: access.reason }, { status: FAILURE_STATUS[access.reason] });
  const { collection, memorial } = access;
  const done = url.searchParams.get("klart");
  return {
    state: "ok" as const,
    token: token as string,
    created: url.searchParams.get("ny") === "1",
    done: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
    shareUrl: `${container.config.publicUrl}${collectionPath(collection.slug)}`,
    path: collectionPath(collection.slug),
    collection: {
      slug: collection.slug,
      design: collection.design,
      organiserEmail: collection.organiser_email,
      open: collection.status === "open",
      closedAt: collection.closed_at,
      sheetsSentAt: collection.sheets_sent_at,
      showGreetings: collection.show_greetings === 1,
      showTotal: collection.show_total === 1,
    },
    person: personFacts(memorial),
    ...(await manageCollectionGifts(container.db, collection.id)),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isManageFormName(intent)) throw data(null, { status: 400 });
  const submission = parseForm(formData, manageForms[intent]);
  const fail = (message: string, status: number) => data({ intent, result: submission.reply({ formErrors: [message] }) as FormResult }, { status });
  if (!(await container.collections.changes.hit(clientIp(context)))) return fail("Ni har gjort många ändringar på kort tid. Vänta en minut och försök igen.", 429);
  const token = new URL(request.url).searchParams.get("token");
  const access = isSlug(params.slug)
    ? await verifyManageAccess(container.db, container.collections.linkKey, params.slug, token, container.clock.now())
    : ({ ok: false, reason: "invalid" } as const);
  // Nothing changes without a valid link; the loader then says why.
  if (!access.ok) return fail("Länken fungerar inte, så ingenting har ändrats.", FAILURE_STATUS[access.reason]);
  if (submission.status !== "success") return data({ intent, result: submission.reply() as FormResult }, { status: 400 });
  const { clock } = container;
  const id = access.collection.id;
  let done: keyof typeof DONE;
  const value = submission.value as Record<string, unknown>;
  switch (intent) {
    case "settings":
      await updateCollectionSettings(container.db, clock, id, value as { showGreetings: boolean; showTotal: boolean });
      done = "sparat";
      break;
    case "hide":
    case "show":
      if (!(await setGreetingHidden(container.db, clock, id, String(value.giftId), intent === "hide"))) return fail("Vi hittar inte den hälsningen i insamlingen.", 400);
      done = intent === "hide" ? "dold" : "visad";
      break;
    case "close":
      await closeCollection(container.db, clock, id);
      done = "avslutad";
      break;
  }
  return redirect(`${managePath(access.collection.slug, token as string)}&klart=${done}`, 303);
}

const FAILURE_TEXT = {
  invalid: {
    heading: "Länken fungerar inte",
    text: "Länken är inte giltig. Kontrollera att hela länken från mejlet kom med, eller kopiera den igen.",
  },
  expired: {
    heading: "Länken har gått ut",
    text: "Länken gäller inte längre. Ring eller mejla oss, så skickar vi en ny till den e-postadress insamlingen startades med.",
  },
} as const;

export default function MemorialCollectionManage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "ok") {
    const failure = FAILURE_TEXT[loaderData.state];
    return (
      <article className="page page--narrow collection-page">
        <h1>{failure.heading}</h1>
        <p className="lead">{failure.text}</p>
        <p>
          <Link to="/kontakt">Kontakta oss</Link> · <Link to="/">Till startsidan</Link>
        </p>
      </article>
    );
  }
  return <Manage data={loaderData} actionData={actionData} />;
}

type OkData = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>;

function Manage({ data: d, actionData }: { data: OkData; actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formAction = `?token=${encodeURIComponent(d.token)}`;
  const settings = useSiteForm({
    id: "installningar",
    schema: manageForms.settings,
    lastResult: actionData?.intent === "settings" ? actionData.result : null,
    defaultValue: { showGreetings: d.collection.showGreetings ? "on" : "", showTotal: d.collection.showTotal ? "on" : "" },
    labels: { form: "Inställningarna" },
  });
  const close = useSiteForm({
    id: "avsluta",
    schema: manageForms.close,
    lastResult: actionData?.intent === "close" ? actionData.result : null,
    labels: { confirm: "Avsluta insamlingen", form: "Avsluta" },
  });
  const otherError = actionData && (actionData.intent === "hide" || actionData.intent === "show") ? (actionData.result.error?.[""]?.[0] ?? null) : null;

  return (
    <article className="page page--narrow memorial-page collection-page">
      <p className="collection-manage__kicker">Hantera minnesinsamlingen</p>
      <CollectionHeading person={d.person} design={d.collection.design} />
      {d.created && (
        <div className="collection-notice" role="status">
          <h2>Minnesinsamlingen är öppen</h2>
          <p>
            Vi har mejlat länken till den här sidan till {d.collection.organiserEmail}. Spara mejlet – med länken hanterar
            ni insamlingen, och den som har länken kan ändra den.
          </p>
        </div>
      )}
      {d.done && (
        <p className="collection-notice" role="status">
          {d.done}
        </p>
      )}
      {otherError && (
        <p className="collection-notice collection-notice--error" role="alert">
          {otherError}
        </p>
      )}

      <section aria-labelledby="dela" className="collection-share">
        <h2 id="dela">Adressen att dela</h2>
        <p>Skriv den i dödsannonsen, eller skicka den till släkt och vänner.</p>
        <p className="collection-share__url">
          <Link to={d.path}>{d.shareUrl}</Link>
        </p>
      </section>

      <section aria-labelledby="gavor">
        <h2 id="gavor">Gåvor och hälsningar</h2>
        <p className="collection-total">
          {d.gifts.length === 0 ? (
            "Ingen har gett en gåva ännu."
          ) : (
            <>
              <strong>{formatSek(d.totalOre)}</strong> från {d.gifts.length === 1 ? "en givare" : `${d.gifts.length} givare`}.
            </>
          )}
        </p>
        {d.gifts.length > 0 && (
          <ul className="collection-manage-list">
            {d.gifts.map((g) => (
              <li key={g.giftId}>
                <GreetingText greeting={g.greeting} name={g.name} amountOre={g.amountOre} />
                <p className="field__hint">
                  {!g.showOnPage ? "Givaren ville inte synas på sidan." : g.hidden ? "Dold på sidan." : d.collection.showGreetings && d.collection.open ? "Syns på sidan." : "Syns inte på sidan just nu."}
                </p>
                {g.showOnPage && d.collection.open && (
                  <Form method="post" action={formAction}>
                    <input type="hidden" name="giftId" value={g.giftId} />
                    <button type="submit" name="intent" value={g.hidden ? "show" : "hide"} className="button button--secondary" disabled={busy}>
                      {g.hidden ? "Visa hälsningen på sidan igen" : "Dölj hälsningen på sidan"}
                      <span className="visually-hidden"> från {g.name}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <p className="field__hint">Belopp syns bara där givaren har valt det. Dolda hälsningar finns ändå kvar på minnesbladen.</p>
      </section>

      {d.collection.open ? (
        <>
          <section aria-labelledby="installningar-rubrik">
            <h2 id="installningar-rubrik">Vad syns på sidan?</h2>
            <ErrorSummary {...settings.summary} />
            <Form method="post" action={formAction} className="form" {...settings.formProps}>
              <CheckboxField field={settings.fields.showGreetings} label="Hälsningar och namn från dem som har gett och vill synas" />
              <CheckboxField field={settings.fields.showTotal} label="Hur mycket som har samlats in totalt" />
              <p>
                <button type="submit" name="intent" value="settings" className="button button--secondary" disabled={busy}>
                  Spara
                </button>
              </p>
            </Form>
          </section>
          <section aria-labelledby="avsluta-rubrik" className="collection-close">
            <h2 id="avsluta-rubrik">Avsluta insamlingen</h2>
            <p>
              När ni avslutar tar sidan inte emot fler gåvor och visar inga namn eller hälsningar. Vi mejlar alla minnesblad
              samlade i en PDF till {d.collection.organiserEmail}, och ni kan hämta den här.
            </p>
            <ErrorSummary {...close.summary} />
            <Form method="post" action={formAction} className="form" {...close.formProps}>
              <CheckboxField field={close.fields.confirm} label="Ja, vi vill avsluta insamlingen. Det går inte att ångra." />
              <p>
                <button type="submit" name="intent" value="close" className="button button--primary" disabled={busy}>
                  Avsluta insamlingen
                </button>
              </p>
            </Form>
          </section>
        </>
      ) : (
        <section aria-labelledby="minnesbladen" className="collection-close">
          <h2 id="minnesbladen">Minnesbladen</h2>
          <p>
            Insamlingen avslutades {formatDateLong(d.collection.closedAt ?? "")}.{" "}
            {d.collection.sheetsSentAt
              ? `Vi mejlade alla minnesblad till ${d.collection.organiserEmail} ${formatDateLong(d.collection.sheetsSentAt)}.`
              : `Vi mejlar alla minnesblad till ${d.collection.organiserEmail} inom några minuter.`}
          </p>
          <p>
            <a className="button button--primary" href={`${d.path}/hantera/minnesblad.pdf${formAction}`} download>
              Hämta alla minnesblad (PDF)
            </a>
          </p>
        </section>
      )}
    </article>
  );
}
