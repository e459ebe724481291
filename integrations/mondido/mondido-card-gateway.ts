import type { StoredCardGateway } from "#core/agreements/card-debits";
import { CARD_EXPIRED } from "#core/agreements/card-debits";
import type { MondidoClient } from "./client";
import { mondidoStatusToPaymentStatus } from "./mondido-payment-provider";
import { lastValidDay, storedCardOf } from "./stored-card";
import type { MondidoStoredCardClient } from "./stored-card-client";
import type { MondidoTransaction } from "./transaction";

/** Card agreements' view of Mondido (decision 0028): charges of stored cards and the card a window payment stored. */
export class MondidoCardGateway implements StoredCardGateway {
  constructor(
    private readonly client: MondidoClient,
    private readonly cards: MondidoStoredCardClient,
  ) {}

  async chargeStatus(paymentRef: string) {
    const latest = pick(await this.client.listTransactionsByPaymentRef(paymentRef));
    return latest ? { status: mondidoStatusToPaymentStatus(latest.status) } : null;
  }

  async charge(request: { token: string; amountOre: number; paymentRef: string; customerRef: string }) {
    const result = await this.cards.chargeStoredCard({ ...request, metadata: { storedCardCharge: true } });
    if (result.outcome === "transaction") {
      const status = mondidoStatusToPaymentStatus(result.transaction.status);
      return { status, errorCode: status === "paid" || status === "pending" ? null : result.transaction.status };
    }
    // Refused outright: nothing was charged. An expired card is told apart so the donor hears it plainly and no retry is made.
    return { status: "declined" as const, errorCode: /expir/i.test(result.errorName) ? CARD_EXPIRED : result.errorName };
  }

  async deleteStoredCard(providerCardId: string) {
    await this.cards.deleteStoredCard(providerCardId);
  }

  async storedCardOf(paymentRef: string) {
    const transactions = await this.client.listTransactionsByPaymentRef(paymentRef);
    const approved = transactions.find((t) => t.status === "approved" || t.status === "authorized");
    const card = approved ? storedCardOf(approved) : undefined;
    if (!card) return null;
    return { providerCardId: card.id, token: card.token, maskedNumber: card.card_number ?? null, lastValidDay: lastValidDay(card) };
  }
}

function pick(transactions: MondidoTransaction[]): MondidoTransaction | undefined {
  return transactions.find((t) => t.status === "approved" || t.status === "authorized") ?? transactions[transactions.length - 1];
}
