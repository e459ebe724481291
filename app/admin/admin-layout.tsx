import { Form, NavLink, Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/admin-layout";
import { ADMIN_HEADERS, ANY_STAFF, requireStaff } from "./staff-guard.server";
import { sectionsFor } from "./admin-sections";
import { ROLE_LABELS } from "#core/staff/staff-roles";
import "../components/form/form.css";
import "../donor/donor-pages.css";
import type { PageHandle } from "../root";
import "./admin.css";


/** The back office has its own header and no public navigation, footer or consent banner (app/root.tsx). */
export const handle: PageHandle = { chrome: "staff" };

export function headers() {
  return ADMIN_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context, request, ANY_STAFF);
  return {
    name: staff.name ?? "Personal",
    roles: staff.roles.map((r) => ROLE_LABELS[r]),
    sections: sectionsFor(staff.roles).map(({ path, label }) => ({ path, label })),
  };
}

/** The back office's frame: who is signed in, the sections they may open, signing out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { name, roles, sections } = loaderData;
  return (
    <div className="admin">
      <div className="admin__bar">
        <p className="admin__who">
          <strong>{name}</strong> <span className="admin__roles">{roles.join(", ")}</span>
        </p>
        <nav aria-label="Administration" className="admin__nav">
          <ul>
            {sections.map((s) => (
              <li key={s.path}>
                {/* A section whose path begins another's (/admin/insamlingar and …/granska) is current only on its own pages. */}
                <NavLink to={s.path} end={s.path === "/admin" || sections.some((o) => o.path.startsWith(`${s.path}/`))} prefetch="none">
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin/logga-ut" reloadDocument>
          <button type="submit" className="button button--secondary button--small">
            Logga ut
          </button>
        </Form>
      </div>
      <div className="admin__page">
        <Outlet />
      </div>
    </div>
  );
}

/** A refused or failed back-office request, inside the frame so staff can go on elsewhere. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : status === 404
        ? "Det du söker finns inte."
        : "Något gick fel. Försök igen om en stund; händelsen har loggats.";
  return (
    <div className="admin admin__page">
      <h1>{status === 403 ? "Ingen behörighet" : status === 404 ? "Hittades inte" : "Något gick fel"}</h1>
      <p role="alert" className="notice notice--error">
        {message}
      </p>
      <p>
        <a href="/admin">Till översikten</a>
      </p>
    </div>
  );
}
