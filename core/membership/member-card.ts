import type { DocumentRequest } from "../documents/document-renderer";
import type { MembershipOrder } from "./membership-service";

/** The member card of a paid fee: the year that fee paid for, under the name it was paid for. */
export function memberCardRequest(order: MembershipOrder): Extract<DocumentRequest, { kind: "member-card" }> | null {
  const { gift, fee, member } = order;
  if (!member || !fee.valid_from || !fee.valid_until) return null;
  return {
    kind: "member-card",
    data: {
      memberNumber: member.member_number,
      name: fee.name,
      validFrom: fee.valid_from,
      validUntil: fee.valid_until,
      // The member existed before this fee was given: the card thanks them for staying.
      renewal: member.created_at < gift.created_at,
      givenBy: fee.is_present ? gift.donor_name : null,
      greeting: fee.is_present ? fee.greeting : null,
    },
  };
}

export const MEMBER_CARD_FILE_NAME = "medlemskort.pdf";
