import { useState } from "react";
import { useLiveFundraiser } from "./use-live-fundraiser";
import { Form, Link, data, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/fundraiser";
import { containerContext } from "../context";
import { checkout } from "../giving/checkout.server";
import { assertSameOrigin, optionalDonor } from "../donor/donor-session.server";
import type { GiftPaymentMethod } from "#core/gifts/gift-form";
import { fundraiserGiftSchema, WALL_GREETING_MAX_CHARACTERS } from "#core/fundraisers/fundraiser-forms";
import { FundraiserClosedError, giveFundraiserGift, organisedBy, takesGifts } from "#core/fundraisers/fundraiser-service";
import { formatCalendarDate, formatDateLong, formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, TextAreaField, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { AmountFields, DonorFields, GIFT_FIELD_LABELS, PaymentFields, SUBMIT_LABELS } from "../components/gift/gift-fields";
import { giftFormSetup } from "../components/gift/gift-form-setup.server";
import { fundraiserFor, publicFundraiserView } from "./fundraiser-page.server";
import { FundraiserPicture } from "./fundraiser-picture";
import { FundraiserProgress } from "./fundraiser-progress";
import { ReportLink } from "./report-link";
import { ShareLinks } from "./share-links";
import "../components/form/form.css";
import "./fundraiser.css";

const FIELD_LABELS: Record<string, string> = {
  displayName: "Namn på sidan",
  greeting: "Hälsning",
  ...GIFT_FIELD_LABELS,
  idempotencyKey: "Formuläret",
  form: "Formuläret",
};

const CLOSED_MESSAGE = "Insamlingen är avslutad och tar inte emot fler gåvor. Du kan fortfarande ge en gåva till forskningen.";

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.visibility !== "visible") return [{ title: "Insamling" }, { name: "robots", content: "noindex" }];
  const { fundraiser } = loaderData;
  const description = `${fundraiser.organiserName} samlar in till hjärt- och lungforskningen. ${fundraiser.message.slice(0, 150)}`;
  return [
    { title: `${fundraiser.title} – insamling` },
    { name: "description", content: description },
    // Pages made by visitors are shared by link, not found by search engines.
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fundraiser.title },
    { property: "og:description", content: description },
    { property: "og:url", content: fundraiser.url },
    { property: "og:image", content: `${fundraiser.url}/dela.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${fundraiser.title} – en insamling av ${fundraiser.organiserName}` },
    { name: "twitter:card", content: "summary_large_image" },
    { property: "og:locale", content: "sv_SE" },
  ];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** A gift refused because the page has closed (409) reloads the page's data, so the visitor sees it closed. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const fundraiser = await fundraiserFor(context, params.slug);
  const view = await publicFundraiserView(context, fundraiser);
  // A page nobody confirmed is as if it did not exist; a hidden or refused one says so, with no content.
  if (view.visibility === "unconfirmed") throw data(null, { status: 404 });
  const status = view.visibility === "hidden" || view.visibility === "refused" ? 410 : 200;
  // The organiser signed in with BankID reaches their tools from here, without the e-mailed link (decision 0052).
  const session = view.visibility === "visible" ? await optionalDonor(context, request) : null;
  return data({ ...(await giftFormSetup(context, request)), ...view, isOrganiser: organisedBy(fundraiser, session?.donor.id) }, { status });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const fundraiser = await fundraiserFor(context, params.slug);
  const submission = parseForm(await request.formData(), fundraiserGiftSchema(container.giftLimits));
  const fail = (result: FormResult, status: number) => data({ result }, { status });
  const options = { visibleBeforeReview: container.fundraisers.visibleBeforeReview };
  if (!takesGifts(fundraiser, container.clock.now(), options)) return fail(submission.reply({ formErrors: [CLOSED_MESSAGE] }), 409);
  const outcome = await checkout(context, request, {
    submission,
    form: "/insamling/:slug",
    give: (value, giver) => giveFundraiserGift(container, fundraiser, value, options, giver),
    refuse: (error) => (error instanceof FundraiserClosedError ? { status: 409, formErrors: [CLOSED_MESSAGE] } : undefined),
  });
  return outcome.response ?? fail(outcome.result, outcome.status);
}

export default function Fundraiser({ loaderData, actionData }: Route.ComponentProps) {
  const { visibility, fundraiser } = loaderData;
  if (visibility === "hidden" || visibility === "refused") {
    return (
      <article className="page page--narrow fundraiser-page">
        <h1>Insamlingen visas inte</h1>
        <p>Den här insamlingen finns inte längre på webbplatsen. Du kan fortfarande ge en gåva direkt till forskningen.</p>
        <p>
          <Link to="/ge-en-gava" className="button button--primary">
            Ge en gåva
          </Link>
        </p>
      </article>
    );
  }
  if (visibility === "waiting") {
    return (
      <article className="page page--narrow fundraiser-page">
        <h1>{fundraiser.title}</h1>
        <p>Vi läser insamlingen innan den visas. Titta gärna in igen om en stund – oftast tar det mindre än en arbetsdag.</p>
      </article>
    );
  }
  return <VisibleFundraiser loaderData={loaderData} actionResult={actionData?.result} />;
}

function VisibleFundraiser({ loaderData, actionResult }: { loaderData: Route.ComponentProps["loaderData"]; actionResult: FormResult | undefined }) {
  const { limits, idempotencyKey, defaultDevice, methods, prefill, fundraiser, updates, open, team, isOrganiser } = loaderData;
  // The total and the newest gifts follow the live stream while the page is open; without JavaScript, the page as loaded.
  const { total, wall } = useLiveFundraiser(`${fundraiser.path}/live`, { total: loaderData.total, wall: loaderData.wall }, loaderData);
  const { fields, formProps, summary } = useSiteForm({
    id: "insamlingsgava",
    schema: fundraiserGiftSchema(limits),
    lastResult: actionResult,
    defaultValue: { amount: "250", swishDevice: defaultDevice, paymentMethod: methods[0] ?? "swish", showName: "on", ...prefill, idempotencyKey },
    labels: FIELD_LABELS,
    hiddenFields: ["idempotencyKey"],
  });
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [method, setMethod] = useState<string>(fields.paymentMethod.initialValue ?? methods[0] ?? "swish");

  return (
    <article className="page page--narrow fundraiser-page" aria-labelledby="insamling-rubrik">
      {fundraiser.photo && (
        // Its size is known, so nothing moves when it arrives; the organiser's words tell those who cannot see it what it shows.
        <img
          className="fundraiser-photo"
          src={fundraiser.photo.src}
          srcSet={fundraiser.photo.srcSet}
          sizes="(min-width: 48rem) 44rem, 100vw"
          width={fundraiser.photo.width}
          height={fundraiser.photo.height}
          alt={fundraiser.photo.alt}
          fetchPriority="high"
        />
      )}
      <header className="fundraiser-heading">
        {!fundraiser.photo && <FundraiserPicture picture={fundraiser.picture} size={112} />}
        <div>
          <p className="fundraiser-heading__kicker">{fundraiser.kindLabel}</p>
          <h1 id="insamling-rubrik">{fundraiser.title}</h1>
          <p className="fundraiser-heading__by">
            En insamling av {fundraiser.organiserName}
            {fundraiser.endsOn ? ` · pågår till och med ${formatCalendarDate(fundraiser.endsOn)}` : ""}
          </p>
        </div>
      </header>

      {(isOrganiser || team) && (
        <p className="fundraiser-links">
          {team && (
            <>
              En del av laget <Link to={team.path}>{team.name}</Link>.{" "}
            </>
          )}
          {isOrganiser && (
            <Link to={`${fundraiser.path}/hantera`} className="button button--secondary">
              Hantera din insamling
            </Link>
          )}
        </p>
      )}

      {total && <FundraiserProgress amountOre={total.amountOre} goalOre={fundraiser.goalOre} gifts={total.gifts} percent={total.percent} />}

      <div className="fundraiser-message">{fundraiser.message}</div>

      {updates.length > 0 && (
        <section aria-labelledby="nytt" className="fundraiser-updates">
          <h2 id="nytt">Nytt från {fundraiser.organiserName}</h2>
          {updates.map((u) => (
            <article key={u.id} className="fundraiser-update">
              <p className="fundraiser-update__date">{formatDateLong(u.created_at)}</p>
              <p className="fundraiser-wall__greeting">{u.text}</p>
            </article>
          ))}
        </section>
      )}

      <ShareLinks url={fundraiser.url} title={fundraiser.title} />

      {open ? (
        <section aria-labelledby="ge-gava" className="collection-give">
          <h2 id="ge-gava">Ge en gåva</h2>
          <p>Hela gåvan går till forskning om hjärt- och lungsjukdomar. Du väljer själv vad som syns på sidan.</p>
          <ErrorSummary {...summary} />
          <Form method="post" className="form gift-form" {...formProps}>
            <input type="hidden" name={fields.idempotencyKey.name} defaultValue={fields.idempotencyKey.initialValue ?? idempotencyKey} />
            <AmountFields fields={fields} limits={limits} legend="Din gåva" />
            <fieldset className="fieldset">
              <legend>På sidan</legend>
              <CheckboxField field={fields.showName} label="Visa mitt namn och min hälsning (annars står det Anonym)" />
              <TextField field={fields.displayName} label="Namn på sidan (frivilligt)" hint="Lämna tomt för att använda ditt namn, eller skriv till exempel Farmor Karin." autoComplete="off" />
              <TextAreaField field={fields.greeting} label="Hälsning (frivilligt)" rows={3} hint={`Högst ${WALL_GREETING_MAX_CHARACTERS} tecken.`} />
              <CheckboxField field={fields.showAmount} label="Visa beloppet" />
              <CheckboxField field={fields.wantsUpdates} label={`Skicka mig nyheter från ${fundraiser.organiserName} om insamlingen`} />
            </fieldset>
            <DonorFields fields={fields} />
            <PaymentFields fields={fields} methods={methods} defaultDevice={defaultDevice} method={method} onMethodChange={(m: GiftPaymentMethod) => setMethod(m)} />
            <p>
              <button type="submit" className="button button--primary button--large" disabled={submitting}>
                {submitting ? "Skickar…" : (SUBMIT_LABELS[method as GiftPaymentMethod] ?? "Fortsätt")}
              </button>
            </p>
            <p className="field__hint">
              Vi behandlar dina uppgifter enligt vår <Link to="/integritetspolicy">integritetspolicy</Link>. Ditt namn syns bara om du väljer det.
            </p>
          </Form>
        </section>
      ) : (
        <section className="collection-closed" aria-labelledby="avslutad">
          <h2 id="avslutad">Insamlingen är avslutad</h2>
          <p>Tack till alla som har gett! Du kan fortfarande ge en gåva till forskningen.</p>
          {actionResult && <p role="alert">{CLOSED_MESSAGE}</p>}
          <p>
            <Link to="/ge-en-gava">Ge en gåva</Link>
          </p>
        </section>
      )}

      <section aria-labelledby="givare" className="fundraiser-wall">
        <h2 id="givare">De som har gett</h2>
        {wall.length === 0 ? (
          <p>Ingen har gett än. Bli den första!</p>
        ) : (
          <ol className="fundraiser-wall__list" aria-label="Gåvor, den senaste först">
            {wall.map((entry) => (
              <li key={entry.id} className={entry.anonymous ? "fundraiser-wall__entry fundraiser-wall__entry--anonymous" : "fundraiser-wall__entry"}>
                <p className="fundraiser-wall__who">
                  <strong>{entry.name}</strong>
                  {entry.amountOre !== null && <span className="fundraiser-wall__amount"> {formatSek(entry.amountOre)}</span>}
                  {entry.offline && <span className="fundraiser-wall__mark"> (gåva utanför webbplatsen)</span>}
                </p>
                {entry.greeting && <p className="fundraiser-wall__greeting">{entry.greeting}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>

      <ReportLink path={fundraiser.path} />
    </article>
  );
}
