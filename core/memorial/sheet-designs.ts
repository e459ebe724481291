/**
 * The memorial sheet's designs, each a vector illustration in the charity's
 * colours (documents/templates/memorial-sheet.tsx draws them). The code is
 * stored with the order item; the label is what the donor chooses by.
 */
export const MEMORIAL_SHEET_DESIGNS = ["lilja", "ljus", "duva", "hjarta"] as const;
export type MemorialSheetDesign = (typeof MEMORIAL_SHEET_DESIGNS)[number];

export const MEMORIAL_SHEET_DESIGN_LABELS: Readonly<Record<MemorialSheetDesign, string>> = {
  lilja: "Liljor",
  ljus: "Ett tänt ljus",
  duva: "Duva",
  hjarta: "Hjärta",
};

export const GREETING_MAX_CHARACTERS = 300;
export const SIGNATURE_MAX_CHARACTERS = 120;
