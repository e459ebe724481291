import type { MondidoStatus } from "../transaction";

/**
 * Deterministic test cards, like the provider's own test environment: the
 * card number alone decides the outcome so that end-to-end tests can drive
 * each branch.
 */
export const TEST_CARDS: readonly { number: string; status: MondidoStatus; description: string; laterCharges?: MondidoStatus }[] = [
  { number: "4111111111111111", status: "approved", description: "Godkänns" },
  { number: "4000000000000002", status: "declined", description: "Nekas av kortutgivaren" },
  { number: "4000000000000119", status: "failed", description: "Tekniskt fel vid behandlingen" },
  // A stored card whose monthly charges the issuer declines (decision 0028): the first payment works, the later ones do not.
  { number: "4000000000000341", status: "approved", laterCharges: "declined", description: "Godkänns, men senare dragningar på sparat kort nekas" },
];

export function outcomeForCard(cardNumber: string): MondidoStatus | undefined {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.status;
}

/** What later charges of a card stored from this test card answer (approved unless the card says otherwise). */
export function laterChargeOutcomeForCard(cardNumber: string): MondidoStatus {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.laterCharges ?? "approved";
}

export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}******${number.slice(-4)}`;
}
