import type { MondidoStatus } from "../transaction";

/**
 * Deterministic test cards, like the provider's own test environment: the
 * card number alone decides the outcome so that end-to-end tests can drive
 * each branch.
 */
export const TEST_CARDS: readonly { number: string; status: MondidoStatus; description: string }[] = [
  { number: "4111111111111111", status: "approved", description: "Godkänns" },
  { number: "4000000000000002", status: "declined", description: "Nekas av kortutgivaren" },
  { number: "4000000000000119", status: "failed", description: "Tekniskt fel vid behandlingen" },
];

export function outcomeForCard(cardNumber: string): MondidoStatus | undefined {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.status;
}

export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}******${number.slice(-4)}`;
}
