import { describe, expect, it } from "vitest";
import { sheetDestination } from "./sheet-delivery";
import { estimateSheetDelivery } from "./delivery-date";

/** How the memorial sheet's journey is put in Swedish (issue #29: slips a donor noticed). */
describe("the memorial sheet's wording", () => {
  it("does not say 'begravningsbyrån' before a parlour whose name already says it", () => {
    const parlour = (name: string) => sheetDestination({ channel: "funeral_parlour", recipient_name: name, recipient_email: null });
    expect(parlour("Ödeshögs Begravningsbyrå")).toBe("till Ödeshögs Begravningsbyrå med post");
    expect(parlour("Fonus i Umeå")).toBe("till begravningsbyrån Fonus i Umeå med post");
  });

  it("no longer waits for payment once the gift is paid", () => {
    const now = new Date("2026-11-27T10:00:00.000Z");
    expect(estimateSheetDelivery(now, "email", null).message).toMatch(/så snart gåvan är betald/);
    expect(estimateSheetDelivery(now, "email", null, true).message).toBe("Minnesbladet skickas med e-post inom några minuter.");
  });
});
