import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/fundraiser-manage";
import { containerContext } from "../context";
import { TOKEN_PAGE_HEADERS, assertSameOrigin, clientIp, optionalDonor } from "../donor/donor-session.server";
import { isSlug } from "#core/memorial/collection-slug";
import { fundraiserGiftFacts, fundraiserManageAccess, fundraiserManagePath, fundraiserPath } from "#core/fundraisers/fundraiser-service";
import { donorWall, fundraiserTotals } from "#core/fundraisers/fundraiser-wall";
import { setWallGreetingHidden } from "#core/fundraisers/fundraiser-moderation";
import { addOfflineGift, editFundraiserText, fundraiserUpdates, postFundraiserUpdate } from "#core/fundraisers/fundraiser-organiser";
import { closeFundraiser } from "#core/fundraisers/fundraiser-thanks";
import { FundraiserTeamSection } from "./fundraiser-team-choice";
import { organiserTeamAction, organiserTeamView, TEAM_DONE } from "./fundraiser-team-choice.server";
import { isOrganiserFormName, organiserForms } from "#core/fundraisers/fundraiser-forms";
import { ALT_TEXT_MAX_CHARACTERS, fundraiserPicture, PICTURE_ACCEPT, pictureBytes, pictureSizeText, removeFundraiserPicture, storeFundraiserPicture } from "#core/fundraisers/fundraiser-pictures";
import { readPictureUpload } from "./fundraiser-picture-upload.server";
import { formatDateLong, formatSek } from "#core/site/format";
import { ErrorSummary } from "../components/form/error-summary";
import { CheckboxField, FileField, TextAreaField, TextField } from "../components/form/field";
import { parseForm, type FormResult } from "../components/form/parse-form";
import { useSiteForm } from "../components/form/use-site-form";
import { FundraiserPicture } from "./fundraiser-picture";
import "../components/form/form.css";
import { ManageLinkProblem } from "./manage-link-problem";
import "./fundraiser.css";

export function meta() {
  return [{ title: "Hantera insamlingen" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

export function headers() {
  return TOKEN_PAGE_HEADERS;
}

const FAILURE_STATUS = { invalid: 401, expired: 410 } as const;

const DONE = {
  sparat: "Texten är sparad.",
  nyhet: "Hälsningen är publicerad och mejlas till dem som bad om nyheter.",
  gava: "Gåvan är tillagd i summan.",
  dold: "Hälsningen syns inte längre på sidan.",
  visad: "Hälsningen syns på sidan igen.",
  avslutad: "Insamlingen är avslutad. Tack för allt du har gjort för forskningen! Alla som gett får ett tack med e-post om en stund.",
  bild: "Bilden är uppladdad. Den visas på sidan när vi har tittat på den, oftast inom en arbetsdag.",
  "bild-borttagen": "Bilden är borttagen. Sidan visar bilden du valde när du startade insamlingen.",
  ...TEAM_DONE,
} as const;

const REVIEW_TEXT = {
  pending: "Vi läser insamlingen. Den syns i listan på webbplatsen när vi har godkänt den; med adressen fungerar den redan.",
  approved: "Insamlingen är godkänd.",
  refused: "Insamlingen är inte godkänd och visas inte.",
} as const;

/** The e-mailed link's token, or the BankID session of the donor who started the page (decision 0052). */
async function access(context: Route.LoaderArgs["context"], request: Request, slug: string, token: string | null) {
  const container = context.get(containerContext);
  if (!isSlug(slug)) return { ok: false, reason: "invalid" } as const;
  const session = await optionalDonor(context, request);
  return fundraiserManageAccess(container.db, container.clock, container.collections.linkKey, slug, { token, donorId: session?.donor.id ?? null });
}

/**
 * The organiser's page, by the signed link in their e-mail
 * (`/insamling/{slug}/hantera?token=…`); opening it the first time confirms
 * the page. A forged, altered or expired link changes nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const container = context.get(containerContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const found = await access(context, request, params.slug, token);
  if (!found.ok) return data({ state: found.reason }, { status: FAILURE_STATUS[found.reason] });
  const f = found.fundraiser;
  const facts = await fundraiserGiftFacts(container.db, f.id);
  const done = url.searchParams.get("klart");
  const picture = await fundraiserPicture(container.db, f.id);
  // The organiser sees their picture before staff have: inline, so it has no address anyone else could open (decision 0053).
  const preview = picture ? await pictureBytes(container.db, f.id, picture.id, "medium", { evenUnapproved: true }) : null;
  return {
    state: "ok" as const,
    // Signed in as the organiser, the page needs no token (and passes none on).
    token: found.bySession ? null : (token as string),
    created: url.searchParams.get("ny") === "1",
    done: done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
    path: fundraiserPath(f.slug),
    shareUrl: `${container.config.publicUrl}${fundraiserPath(f.slug)}`,
    fundraiser: { title: f.title, picture: f.picture, message: f.message ?? "", open: f.status === "open", review: f.review, reviewReason: f.review_reason, hidden: f.hidden_at !== null },
    totals: fundraiserTotals(facts),
    // The organiser sees what the wall shows, plus whether a greeting is hidden: never a name or amount the giver kept off the page.
    wall: donorWall(facts.map((g) => ({ ...g, hidden: false }))).map((entry) => ({ ...entry, hidden: facts.find((g) => g.id === entry.id)?.hidden ?? false })),
    updates: await fundraiserUpdates(container.db, f.id),
    picture:
      picture && preview
        ? { src: `data:image/jpeg;base64,${Buffer.from(preview).toString("base64")}`, alt: picture.altText, width: picture.medium.width, height: picture.medium.height, approved: picture.approved }
        : null,
    pictureMaxBytes: container.fundraiserPictures.maxBytes,
    team: await organiserTeamView(container.db, f),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isOrganiserFormName(intent)) throw data(null, { status: 400 });
  const submission = parseForm(formData, organiserForms[intent]);
  const fail = (message: string, status: number) => data({ intent, result: submission.reply({ formErrors: [message] }) as FormResult }, { status });
  if (!(await container.collections.changes.hit(clientIp(context)))) return fail("Du har gjort många ändringar på kort tid. Vänta en minut och försök igen.", 429);
  const token = new URL(request.url).searchParams.get("token");
  const found = await access(context, request, params.slug, token);
  if (!found.ok) return fail("Länken fungerar inte, så ingenting har ändrats.", FAILURE_STATUS[found.reason]);
  if (submission.status !== "success") return data({ intent, result: submission.reply() as FormResult }, { status: 400 });
  const id = found.fundraiser.id;
  const value = submission.value as Record<string, unknown>;
  let done: keyof typeof DONE;
  switch (intent) {
    case "edit":
      await editFundraiserText(container.db, container.clock, id, String(value.message));
      done = "sparat";
      break;
    case "update":
      await postFundraiserUpdate(container.db, container.clock, id, String(value.text));
      done = "nyhet";
      break;
    case "offline":
      await addOfflineGift(container.db, container.clock, id, value as { amountOre: number; name: string | null });
      done = "gava";
      break;
    case "hide":
    case "show":
      if (!(await setWallGreetingHidden(container.db, container.clock, { fundraiserId: id, giftId: String(value.giftId), hidden: intent === "hide" }, container.live.giftsChanged))) {
        return fail("Vi hittar inte den hälsningen i insamlingen.", 400);
      }
      done = intent === "hide" ? "dold" : "visad";
      break;
    case "close":
      await closeFundraiser(container.db, container.clock, id, String(value.thankYou ?? ""));
      done = "avslutad";
      break;
    case "picture": {
      const upload = await readPictureUpload(context, formData);
      if (upload.kind !== "ok") {
        const message = upload.kind === "refused" ? upload.message : "Välj en bild (JPEG, PNG eller WebP).";
        const reply = submission.reply() as FormResult;
        return data({ intent, result: { ...reply, error: { ...(reply.error ?? {}), pictureFile: [message] } } as FormResult }, { status: upload.kind === "refused" ? upload.status : 400 });
      }
      await storeFundraiserPicture(container.db, container.clock, id, upload.picture, String(value.pictureAlt));
      done = "bild";
      break;
    }
    case "removePicture":
      await removeFundraiserPicture(container.db, id);
      done = "bild-borttagen";
      break;
    case "join":
    case "leave": {
      const outcome = await organiserTeamAction(container, id, intent, value);
      if (!outcome.ok) return data({ intent, result: submission.reply({ fieldErrors: { team: [outcome.message] } }) as FormResult }, { status: 400 });
      done = outcome.done;
      break;
    }
    default:
      throw data(null, { status: 400 });
  }
  const back = found.bySession ? `${fundraiserPath(found.fundraiser.slug)}/hantera?` : `${fundraiserManagePath(found.fundraiser.slug, token as string)}&`;
  return redirect(`${back}klart=${done}`, 303);
}

export default function FundraiserManage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "ok") return <ManageLinkProblem state={loaderData.state} />;
  return <Manage d={loaderData} actionData={actionData} />;
}

type OkData = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>;

function Manage({ d, actionData }: { d: OkData; actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formAction = d.token ? `?token=${encodeURIComponent(d.token)}` : "?";
  const result = (intent: string) => (actionData?.intent === intent ? actionData.result : null);
  const edit = useSiteForm({ id: "text", schema: organiserForms.edit, lastResult: result("edit"), defaultValue: { message: d.fundraiser.message }, labels: { message: "Text", form: "Texten" } });
  const update = useSiteForm({ id: "nyhet", schema: organiserForms.update, lastResult: result("update"), labels: { text: "Hälsning", form: "Hälsningen" } });
  const offline = useSiteForm({ id: "gava", schema: organiserForms.offline, lastResult: result("offline"), labels: { amount: "Belopp", name: "Namn", form: "Gåvan" } });
  const close = useSiteForm({ id: "avsluta", schema: organiserForms.close, lastResult: result("close"), labels: { confirm: "Avsluta insamlingen", thankYou: "Tack", form: "Avsluta" } });
  const picture = useSiteForm({ id: "bild", schema: organiserForms.picture, lastResult: result("picture"), labels: { pictureFile: "Bild", pictureAlt: "Beskrivning av bilden", form: "Bilden" } });
  const otherError = actionData && (actionData.intent === "hide" || actionData.intent === "show") ? (actionData.result.error?.[""]?.[0] ?? null) : null;

  return (
    <article className="page page--narrow fundraiser-page">
      <header className="fundraiser-heading">
        <FundraiserPicture picture={d.fundraiser.picture} size={80} />
        <div>
          <p className="fundraiser-heading__kicker">Hantera insamlingen</p>
          <h1>{d.fundraiser.title}</h1>
        </div>
      </header>
      {d.created && (
        <p className="notice" role="status">
          Insamlingen är startad! Vi har också mejlat länken till den här sidan. Spara mejlet – med länken hanterar du insamlingen.
        </p>
      )}
      {d.done && (
        <p className="notice notice--success" role="status">
          {d.done}
        </p>
      )}
      {otherError && (
        <p className="notice notice--error" role="alert">
          {otherError}
        </p>
      )}
      <p>
        {REVIEW_TEXT[d.fundraiser.review]}
        {d.fundraiser.review === "refused" && d.fundraiser.reviewReason ? ` ${d.fundraiser.reviewReason}` : ""}
        {d.fundraiser.hidden ? " Sidan är dold av oss just nu; kontakta oss om du har frågor." : ""}
      </p>
      <section aria-labelledby="dela">
        <h2 id="dela">Adressen att dela</h2>
        <p>
          <Link to={d.path}>{d.shareUrl}</Link>
        </p>
      </section>

      <section aria-labelledby="gavor">
        <h2 id="gavor">Gåvor</h2>
        <p>
          <strong>{formatSek(d.totals.amountOre)}</strong> från {d.totals.gifts === 1 ? "en gåva" : `${d.totals.gifts} gåvor`}
          {d.totals.offlineOre > 0 ? `, varav ${formatSek(d.totals.offlineOre)} som du har lagt till` : ""}.
        </p>
        {d.wall.length > 0 && (
          <ul className="fundraiser-wall__list">
            {d.wall.map((entry) => (
              <li key={entry.id} className="fundraiser-wall__entry">
                <p className="fundraiser-wall__who">
                  <strong>{entry.name}</strong>
                  {entry.amountOre !== null && ` ${formatSek(entry.amountOre)}`}
                  {entry.offline && " (gåva utanför webbplatsen)"}
                  {entry.hidden && " – dold på sidan"}
                </p>
                {entry.greeting && <p className="fundraiser-wall__greeting">{entry.greeting}</p>}
                {!entry.offline && !entry.anonymous && (
                  <Form method="post" action={formAction}>
                    <input type="hidden" name="giftId" value={entry.id} />
                    <button type="submit" name="intent" value={entry.hidden ? "show" : "hide"} className="button button--link" disabled={busy}>
                      {entry.hidden ? "Visa hälsningen igen" : "Dölj hälsningen"}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={`${d.path}/hantera/gavor.csv${formAction}`} download>
            Ladda ner gåvorna som CSV-fil
          </a>
        </p>
      </section>

      {d.fundraiser.open && (
        <>
          <section aria-labelledby="nyhet-rubrik">
            <h2 id="nyhet-rubrik">Skriv en hälsning till dem som gett</h2>
            <p>Hälsningen visas på sidan och mejlas till dem som bad om nyheter.</p>
            <ErrorSummary {...update.summary} />
            <Form method="post" action={formAction} className="form" {...update.formProps}>
              <TextAreaField field={update.fields.text} label="Hälsning" rows={4} />
              <button type="submit" name="intent" value="update" className="button button--primary" disabled={busy}>
                Publicera och mejla
              </button>
            </Form>
          </section>

          <section aria-labelledby="gava-rubrik">
            <h2 id="gava-rubrik">Lägg till en gåva du fått på annat sätt</h2>
            <p>Till exempel kontanter på festen. Gåvan räknas i summan och märks på sidan. Den ger inget skatteavdrag och syns inte i givarens uppgifter.</p>
            <ErrorSummary {...offline.summary} />
            <Form method="post" action={formAction} className="form" {...offline.formProps}>
              <TextField field={offline.fields.amount} label="Belopp i kronor" inputMode="numeric" autoComplete="off" />
              <TextField field={offline.fields.name} label="Namn på sidan (frivilligt)" hint="Lämna tomt så står det Anonym." autoComplete="off" />
              <button type="submit" name="intent" value="offline" className="button button--secondary" disabled={busy}>
                Lägg till gåvan
              </button>
            </Form>
          </section>

          <section aria-labelledby="bild-rubrik">
            <h2 id="bild-rubrik">Bild</h2>
            {d.picture ? (
              <>
                <img className="fundraiser-photo fundraiser-photo--preview" src={d.picture.src} alt={d.picture.alt} width={d.picture.width} height={d.picture.height} />
                <p>
                  {d.picture.approved
                    ? "Bilden visas på sidan."
                    : "Vi tittar på bilden innan den visas på sidan, oftast inom en arbetsdag. Till dess visas bilden du valde när du startade insamlingen."}
                </p>
                <Form method="post" action={formAction} className="fundraiser-picture-remove">
                  <button type="submit" name="intent" value="removePicture" className="button button--link" disabled={busy}>
                    Ta bort bilden
                  </button>
                </Form>
              </>
            ) : (
              <p>Sidan visar en av våra bilder. Du kan ladda upp ett eget foto i stället.</p>
            )}
            <ErrorSummary {...picture.summary} />
            <Form method="post" action={formAction} encType="multipart/form-data" className="form" {...picture.formProps}>
              <FileField field={picture.fields.pictureFile} label={d.picture ? "Byt till en annan bild" : "Välj en bild"} hint={`JPEG, PNG eller WebP, högst ${pictureSizeText(d.pictureMaxBytes)}. Vi tar bort platsuppgifter och annat som finns sparat i bildfilen.`} accept={PICTURE_ACCEPT} />
              <TextField
                field={picture.fields.pictureAlt}
                label="Beskriv bilden"
                hint={`Texten läses upp för personer som inte kan se bilden, till exempel den som använder en skärmläsare. Skriv kort vad bilden visar. Högst ${ALT_TEXT_MAX_CHARACTERS} tecken.`}
                maxLength={ALT_TEXT_MAX_CHARACTERS * 2}
                autoComplete="off"
              />
              <button type="submit" name="intent" value="picture" className="button button--secondary" disabled={busy}>
                Ladda upp bilden
              </button>
            </Form>
          </section>

          <section aria-labelledby="text-rubrik">
            <h2 id="text-rubrik">Ändra texten</h2>
            <ErrorSummary {...edit.summary} />
            <Form method="post" action={formAction} className="form" {...edit.formProps}>
              <TextAreaField field={edit.fields.message} label="Text på sidan" rows={6} />
              <button type="submit" name="intent" value="edit" className="button button--secondary" disabled={busy}>
                Spara texten
              </button>
            </Form>
          </section>

          <section aria-labelledby="avsluta-rubrik">
            <h2 id="avsluta-rubrik">Avsluta insamlingen</h2>
            <p>Sidan finns kvar men tar inte emot fler gåvor.</p>
            <ErrorSummary {...close.summary} />
            <Form method="post" action={formAction} className="form" {...close.formProps}>
              <TextAreaField
                field={close.fields.thankYou}
                label="Ett tack till alla som gett (frivilligt)"
                rows={4}
                hint="Vi mejlar ett tack till alla som gett när insamlingen är avslutad. Skriv gärna några egna ord – annars skickar vi ett tack från oss med hur mycket ni samlade in."
              />
              <CheckboxField field={close.fields.confirm} label="Ja, avsluta insamlingen nu" />
              <button type="submit" name="intent" value="close" className="button button--secondary" disabled={busy}>
                Avsluta insamlingen
              </button>
            </Form>
          </section>
        </>
      )}

      <FundraiserTeamSection team={d.team} open={d.fundraiser.open} formAction={formAction} busy={busy} lastResult={result("join") ?? result("leave")} />

      {d.updates.length > 0 && (
        <section aria-labelledby="publicerat">
          <h2 id="publicerat">Dina hälsningar</h2>
          <ul>
            {d.updates.map((u) => (
              <li key={u.id}>
                <p className="fundraiser-wall__greeting">
                  <strong>{formatDateLong(u.created_at)}:</strong> {u.text}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
