/**
 * Bankgirot's autogiro files: the pure format code (no I/O) that implements
 * core's AutogiroFormat contract (core/autogiro/autogiro-messages.ts). The
 * server injects `autogiroFormat` into the agreements.
 */
import type { AutogiroFormat } from "#core/autogiro/autogiro-messages";
import { interpretAutogiroFile } from "./interpret-autogiro-file";
import { readAutogiroFile } from "./read-autogiro-file";
import { writeRequestFile } from "./write-request-file";

export { decodeAutogiroBytes, encodeAutogiroText, readAutogiroFile } from "./read-autogiro-file";
export { interpretAutogiroFile, referencesMatch, withoutZeroFill } from "./interpret-autogiro-file";
export { bankgiroDigits, writeRequestFile } from "./write-request-file";

export const autogiroFormat: AutogiroFormat = { writeRequestFile, readAutogiroFile, interpretAutogiroFile };
