/**
 * The back office's roles (decision 0020). `insamling` – fundraising: orders,
 * fulfilment, memorial collections, donors. `ekonomi` – finance: payments,
 * refunds, bank and autogiro files, the tax report. `admin` – staff, roles and
 * the audit log. A staff member may hold several.
 */
export const STAFF_ROLES = ["insamling", "ekonomi", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  insamling: "Insamling",
  ekonomi: "Ekonomi",
  admin: "Administratör",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
