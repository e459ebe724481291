import { z } from "zod";
import { parsePersonnummer } from "../identity/personnummer";
import { STAFF_ROLES } from "./staff-roles";

/** Checkbox groups send nothing, one value or several; the schema always sees a list. */
const roleList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(STAFF_ROLES, { error: "Okänd roll. Välj bland rollerna i listan." })).min(1, "Välj minst en roll."),
);

/** The back office's "Lägg till personal" form; the staff:add command checks the same way. */
export const addStaffSchema = z.object({
  personnummer: z
    .string({ error: "Skriv personnumret." })
    .trim()
    .min(1, "Skriv personnumret.")
    .refine((value) => parsePersonnummer(value) !== null, "Personnumret är inte giltigt. Skriv det som ÅÅÅÅMMDD-NNNN."),
  roles: roleList,
});

export const changeRolesSchema = z.object({
  staffId: z.string().uuid("Okänd person."),
  roles: roleList,
});
