import { hasValidLuhnCheckDigit } from "../bankgiro/luhn";

/**
 * A Swedish organisationsnummer (lag 1974:174 om identitetsbeteckning för
 * juridiska personer): ten digits, the last a Luhn check digit, the third at
 * least 2 so that it can never be read as a personnummer's month. The first
 * digit is the "gruppnummer": the group of legal forms the number was given
 * to. It says the group, not the form: 7 is every ekonomisk förening,
 * bostadsrättsföreningar included, and some groups share forms (trossamfund
 * have 2 or 8), so the company confirms what the number suggests.
 *
 * Sources: Skatteverket's SKV 709 (Organisationsnummer) as quoted by
 * Bolagsverket; Skatteverket's Kontrolluppgifter schema 8.0
 * (SKV_COMMON_8.0.xsd, OrganisationsnummerTYPE `16\d{2}[2-9]\d{7}`) for the
 * 12-digit form with the `16` prefix.
 */
export const LEGAL_FORM_GROUPS = {
  "1": "Dödsbo",
  "2": "Stat, region, kommun eller församling",
  "3": "Utländskt företag",
  "5": "Aktiebolag",
  "6": "Enkelt bolag",
  "7": "Ekonomisk förening eller bostadsrättsförening",
  "8": "Ideell förening eller stiftelse",
  "9": "Handelsbolag eller kommanditbolag",
} as const;
export type LegalFormGroup = keyof typeof LEGAL_FORM_GROUPS;

/**
 * The groups whose members pay corporate tax and so get the company tax
 * reduction for gifts from 2026 (67 kap. inkomstskattelagen as amended by
 * SFS 2025:1367): aktiebolag (5) and ekonomiska föreningar (7).
 */
const TAX_REDUCTION_GROUPS: ReadonlySet<LegalFormGroup> = new Set(["5", "7"]);

export interface Organisationsnummer {
  /** The ten digits, the one form we store. */
  digits: string;
  /** NNNNNN-NNNN, as companies write it. */
  display: string;
  /** `16` + the ten digits: Skatteverket's 12-digit form (Inkomsttagare in KU65). */
  twelveDigits: string;
  group: LegalFormGroup;
  /** What the first digit says, in Swedish, for the company to confirm. */
  legalForm: string;
  /** Whether the group is one whose gifts can give the company tax reduction. */
  taxReductionForm: boolean;
}

/**
 * Reads what was typed: "556677-8899", "5566778899", "16556677-8899",
 * "165566778899", with spaces anywhere. Null when it is not a valid
 * organisationsnummer (shape, check digit, third digit, unknown group).
 */
export function parseOrganisationsnummer(input: string): Organisationsnummer | null {
  const compact = input.replace(/\s+/g, "");
  const match = /^(?:16)?(\d{6})-?(\d{4})$/.exec(compact);
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  if (Number(digits[2]) < 2 || !hasValidLuhnCheckDigit(digits)) return null;
  const group = digits[0] as string;
  if (!isLegalFormGroup(group)) return null;
  return {
    digits,
    display: `${digits.slice(0, 6)}-${digits.slice(6)}`,
    twelveDigits: `16${digits}`,
    group,
    legalForm: LEGAL_FORM_GROUPS[group],
    taxReductionForm: TAX_REDUCTION_GROUPS.has(group),
  };
}

export function isValidOrganisationsnummer(input: string): boolean {
  return parseOrganisationsnummer(input) !== null;
}

function isLegalFormGroup(value: string): value is LegalFormGroup {
  return Object.hasOwn(LEGAL_FORM_GROUPS, value);
}
