import { Form, data } from "react-router";
import type { Route } from "./+types/admin-operations";
import { requireStaff } from "./staff-guard.server";
import { formatDateTime } from "./admin-format";

export function meta() {
  return [{ title: "Drift – Administration" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { container } = await requireStaff(context, request, "admin");
  // Read now rather than trusting the last second's refresh: what this page shows is what staff act on.
  await container.reducedMode.refresh();
  return { state: container.reducedMode.state() };
}

/**
 * Reduced mode (decision 0051): admins switch it on before a gala or when the
 * site is overloaded, and off afterwards. Every switch, and every refused
 * attempt, is written to the audit log; the automatic switch is not theirs to
 * turn off, it ends by itself when the load does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, staff, audit } = await requireStaff(context, request, "admin");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "on" && intent !== "off") {
    await audit({ action: "reduced_mode.switch", outcome: "refused", details: { intent: String(intent ?? "").slice(0, 20) } });
    return data({ notice: "Okänt val. Ladda om sidan och försök igen." }, { status: 400 });
  }
  const on = intent === "on";
  await container.reducedMode.setStaffSwitch(on, staff.name);
  await audit({ action: "reduced_mode.switch", details: { on } });
  container.logger.warn({ on, staffId: staff.id }, on ? "reduced mode switched on by staff" : "reduced mode switched off by staff");
  return {
    notice: on
      ? "Förenklat läge är påslaget på alla servrar inom en sekund."
      : container.reducedMode.state().automatic.on
        ? "Ditt påslag är avstängt, men den här servern är fortfarande i förenklat läge på grund av hög belastning. Det slås av av sig självt när belastningen lagt sig."
        : "Förenklat läge är avstängt.",
  };
}

export default function AdminOperations({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  const staffOn = state.staff?.on === true;
  return (
    <>
      <h1>Drift</h1>
      {actionData?.notice && (
        <p role="status" className="notice">
          {actionData.notice}
        </p>
      )}
      <section className="admin-panel" aria-labelledby="reduced-mode-heading">
        <h2 id="reduced-mode-heading">Förenklat läge</h2>
        <p>
          När väldigt många ger samtidigt, till exempel under en gala, stänger förenklat läge av det som inte behövs för att ge: förhandsvisningar av
          minnesblad och kort, sökförslag, förhämtning av sidor, besöksstatistik och liveinslag. Gåvoformulären och betalningarna fungerar som vanligt.
        </p>
        <dl className="admin-figures">
          <div>
            <dt>Just nu, den här servern</dt>
            <dd>{state.reduced ? "Förenklat läge" : "Vanligt läge"}</dd>
          </div>
          <div>
            <dt>Påslaget av personal</dt>
            <dd>
              {staffOn ? "Ja" : "Nej"}
              {state.staff && (
                <span className="admin-muted">
                  {" "}
                  – {staffOn ? "på" : "av"} {formatDateTime(state.staff.at)}
                  {state.staff.staffName ? ` av ${state.staff.staffName}` : ""}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>Påslaget automatiskt</dt>
            <dd>
              {state.automatic.on ? "Ja" : "Nej"}
              {state.automatic.since && <span className="admin-muted"> – sedan {formatDateTime(state.automatic.since)}</span>}
            </dd>
          </div>
          <div>
            <dt>Fördröjning i servern</dt>
            <dd>
              {state.lagMs} ms <span className="admin-muted">(gräns {state.thresholdMs > 0 ? `${state.thresholdMs} ms` : "avstängd"})</span>
            </dd>
          </div>
        </dl>
        <p>
          Slår sig på av sig självt på en server som blir överbelastad och av igen när det varit lugnt en stund. Det du slår på gäller alla servrar
          tills någon slår av det.
        </p>
        <Form method="post">
          {staffOn ? (
            <button type="submit" name="intent" value="off" className="button button--secondary">
              Slå av förenklat läge
            </button>
          ) : (
            <button type="submit" name="intent" value="on" className="button button--primary">
              Slå på förenklat läge
            </button>
          )}
        </Form>
      </section>
    </>
  );
}
