/**
 * Bankgirot's autogiro codes and what they mean, in Bankgirot's own Swedish
 * wording (technical manual for Autogiro). Shown to staff as they are; the
 * product side may word them more gently for donors.
 */
import type { AutogiroReason } from "#core/autogiro/autogiro-messages";

/** AG-MEDAVI position 62–63: what the advice concerns (informationskod). */
export const MANDATE_INFO: Readonly<Record<string, string>> = {
  "03": "Makulering: initierad av betalningsmottagaren.",
  "04": "Nyupplägg: initierat av betalningsmottagaren.",
  "05": "Byte av betalarnummer: initierat av betalningsmottagaren.",
  "10": "Makulerat på grund av att betalningsmottagarens bankgironummer är avslutat.",
  "42": "Svar på kontoförfrågan från bank på ny betalare i Autogiro.",
  "43": "Makulerat/borttaget på grund av obesvarad kontoförfrågan.",
  "44": "Makulerat på grund av att betalarens bankgironummer är avslutat.",
  "46": "Makulering: initierad av betalaren eller betalarens bank.",
  "93": "Makulering: initierad av betalaren.",
};

/** AG-MEDAVI position 64–65: the mandate's status (kommentarskod). */
export const MANDATE_STATUS: Readonly<Record<string, string>> = {
  "01": "Medgivandet är makulerat på initiativ av banken.",
  "02": "Medgivandet är makulerat på initiativ av betalaren eller betalarens bank.",
  "03": "Kontoslaget är inte godkänt för Autogiro.",
  "04": "Medgivandet saknas i Bankgirots medgivanderegister.",
  "05": "Felaktiga bankkonto- eller personuppgifter.",
  "06": "Medgivandet är makulerat av Bankgirot.",
  "07": "Makulerat/borttaget på grund av obesvarad kontoförfrågan.",
  "09": "Betalarens bankgironummer saknas hos Bankgirot.",
  "10": "Medgivandet finns redan upplagt i Bankgirots register eller är under förfrågan.",
  "11": "Medgivandet är stoppat av betalaren.",
  "12": "Betalarens stopp av medgivandet är hävt.",
  "20": "Felaktigt person-/organisationsnummer eller avtal om medgivande med bankgironummer saknas.",
  "21": "Felaktigt betalarnummer.",
  "23": "Felaktigt bankkontonummer.",
  "24": "Maxbelopp är inte tillåtet.",
  "29": "Mottagarens bankgironummer är felaktigt.",
  "30": "Mottagarens bankgironummer är avregistrerat.",
  "32": "Nytt medgivande.",
  "33": "Makulerat.",
  "98": "Medgivandet är makulerat på grund av makulerat betalarbankgironummer.",
};

export const MANDATE_APPROVED = "32";
/** Statuses that end a mandate. */
export const MANDATE_CANCELLED: ReadonlySet<string> = new Set(["01", "02", "06", "07", "33", "98"]);
export const MANDATE_STOPPED = "11";
export const MANDATE_STOP_LIFTED = "12";

/** Payment specification, position 80 on TK82/TK32 (blank in the older layout = 0). */
export const PAYMENT_STATUS: Readonly<Record<string, string>> = {
  "0": "Godkänd betalning, betalningen är genomförd.",
  "1": "Täckning saknas, betalningen har inte genomförts.",
  "2": "Koppling till Autogiro saknas (bankkontot avslutat) eller annan orsak; betalningen har inte genomförts.",
  "9": "Förnyad täckning: betalningen har inte genomförts, men ett nytt försök görs.",
};

/** Payment specification TK77 (refund claimed by the payer's bank), position 78–79. */
export const REFUND_STATUS: Readonly<Record<string, string>> = {
  "01": "Medgivande har inte lämnats till betalningsmottagaren.",
  "02": "Medgivandet har återkallats.",
  "03": "Beloppet angavs inte när medgivandet tecknades och överstiger vad betalaren rimligen kunde förvänta sig.",
};

/** Rejected payment requests, position 59–60 (kommentarskod). */
export const REJECTION_COMMENT: Readonly<Record<string, string>> = {
  "01": "Utgår: medgivande saknas.",
  "02": "Utgår: kontot är inte godkänt eller är avslutat.",
  "03": "Utgår: medgivandet är stoppat.",
  "04": "Felaktigt betalarbankgironummer.",
  "05": "Felaktigt mottagarbankgironummer.",
  "06": "Felaktig periodkod.",
  "07": "Felaktigt antal för självförnyande uppdrag.",
  "08": "Beloppet är inte numeriskt.",
  "09": "Förbud mot utbetalningar.",
  "10": "Bankgironumret saknas hos Bankgirot.",
  "12": "Felaktigt betalningsdatum.",
  "13": "Passerat betalningsdatum.",
  "15": "Mottagarbankgironumret i öppningsposten och i transaktionsposten är inte detsamma.",
  "24": "Beloppet överstiger maxbeloppet.",
};

/** Amendment responses, position 1–2: what was done or asked. */
export const AMENDMENT_TYPE: Readonly<Record<string, string>> = {
  "03": "Makulerad på grund av borttaget medgivande.",
  "11": "Makulerad av betalaren eller betalarens bank.",
  "21": "Makulerad: betalningsmottagarens avtal är avslutat.",
  "22": "Makulera alla betalningar på en angiven betalningsdag.",
  "23": "Makulera alla betalningar för ett betalarnummer.",
  "24": "Makulera alla betalningar för ett betalarnummer på en angiven betalningsdag.",
  "25": "Makulera en betalning för ett betalarnummer på angiven betalningsdag, belopp och eventuell referens.",
  "26": "Ändra alla betalningar till ny betalningsdag.",
  "27": "Ändra alla betalningar från angiven betalningsdag till ny betalningsdag.",
  "28": "Ändra alla betalningar för ett betalarnummer från angiven betalningsdag till ny betalningsdag.",
  "29": "Ändra en betalning från angiven betalningsdag till ny betalningsdag.",
};

/** Amendment responses, position 73–74 (kommentarskod). 12, 14 and 18 mean done. */
export const AMENDMENT_COMMENT: Readonly<Record<string, string>> = {
  "01": "Felaktig betalningsdag.",
  "02": "Felaktigt betalarnummer.",
  "04": "Felaktig debiteringskod.",
  "05": "Felaktigt belopp.",
  "06": "Felaktig ny betalningsdag.",
  "10": "Felaktigt mottagarbankgironummer (fel checksiffra).",
  "11": "Mottagarbankgironummer saknas (noll eller blankt).",
  "12": "Makulerad.",
  "13": "Betalningen saknas och har inte åtgärdats.",
  "14": "Ändrad betalningsdag.",
  "15": "Inte ändrad: självförnyande uppdrag.",
  "18": "Ändrad betalningsdag.",
};

/** Interval (period) codes on payment records. */
export const INTERVAL_TEXT: Readonly<Record<string, string>> = {
  "0": "En gång.",
  "1": "En gång per månad på angiven kalenderdag.",
  "2": "En gång per kvartal på angiven kalenderdag.",
  "3": "En gång per halvår på angiven kalenderdag.",
  "4": "En gång per år på angiven kalenderdag.",
  "5": "En gång per månad på sista bankdagen.",
  "6": "En gång per kvartal på sista bankdagen.",
  "7": "En gång per halvår på sista bankdagen.",
  "8": "En gång per år på sista bankdagen.",
};

/** A code with its text; an unknown code is reported as such rather than guessed at. */
export function reasonFor(table: Readonly<Record<string, string>>, code: string): AutogiroReason {
  return { code, reason: table[code] ?? `Okänd kod ${code || "(blank)"} från Bankgirot.` };
}
