/**
 * Bankgirot autogiro as the domain sees it: the contract (requests, events,
 * the format and transfer interfaces) and the banking-day calendar that says
 * when a debit is due. The file formats that implement the contract live
 * beside their provider, in integrations/bankgirot-autogiro/format/.
 */
export * from "./autogiro-messages";
export * from "./autogiro-calendar";
