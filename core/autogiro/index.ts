/** Bankgirot autogiro: the contract and the pure file formats (no I/O). */
import type { AutogiroFormat } from "./autogiro-messages";
import { interpretAutogiroFile } from "./interpret-autogiro-file";
import { readAutogiroFile } from "./read-autogiro-file";
import { writeRequestFile } from "./write-request-file";

export * from "./autogiro-messages";
export * from "./autogiro-calendar";
export { decodeAutogiroBytes, encodeAutogiroText, readAutogiroFile } from "./read-autogiro-file";
export { interpretAutogiroFile, referencesMatch, withoutZeroFill } from "./interpret-autogiro-file";
export { bankgiroDigits, writeRequestFile } from "./write-request-file";

export const autogiroFormat: AutogiroFormat = { writeRequestFile, readAutogiroFile, interpretAutogiroFile };
