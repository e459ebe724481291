import type { StaffRole } from "#core/staff/staff-roles";

/**
 * The back office's sections and the role each needs, in menu order. The
 * menu shows a staff member only what they may open; each section's loaders
 * and actions check the same role on the server (requireStaff).
 */
export const ADMIN_SECTIONS: ReadonlyArray<{ path: string; label: string; role: StaffRole | "any" }> = [
  { path: "/admin", label: "Översikt", role: "any" },
  { path: "/admin/leverans", label: "Utskick", role: "insamling" },
  { path: "/admin/givare", label: "Givare", role: "insamling" },
  { path: "/admin/foretag", label: "Företag", role: "insamling" },
  { path: "/admin/insamlingar", label: "Minnesinsamlingar", role: "insamling" },
  { path: "/admin/insamlingar/granska", label: "Insamlingar att granska", role: "insamling" },
  { path: "/admin/listbestallningar", label: "Listbeställningar", role: "insamling" },
  { path: "/admin/gala", label: "Galan", role: "insamling" },
  { path: "/admin/betalningar", label: "Betalningar", role: "ekonomi" },
  { path: "/admin/autogiro", label: "Autogiro", role: "ekonomi" },
  { path: "/admin/skatt", label: "Kontrolluppgifter", role: "ekonomi" },
  { path: "/admin/personal", label: "Personal", role: "admin" },
  { path: "/admin/drift", label: "Drift", role: "admin" },
  { path: "/admin/logg", label: "Logg", role: "admin" },
];

export function sectionsFor(roles: readonly StaffRole[]) {
  return ADMIN_SECTIONS.filter((s) => s.role === "any" || roles.includes(s.role));
}
