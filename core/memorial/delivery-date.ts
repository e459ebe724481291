import { addWorkingDays, isWorkingDay, swedishDate, swedishHour, daysBetween, type IsoDate } from "../calendar/swedish-calendar";

/**
 * When a memorial sheet reaches the family or the funeral parlour, told to the
 * donor before they pay. E-mail leaves as soon as the gift is paid. Post is
 * printed and posted by staff on working days: a gift paid before the cut-off
 * is posted the same working day, later ones the next; PostNord delivers a
 * letter within two working days. A sheet should be there the day before the
 * funeral, when the family and the parlour lay out the cards.
 */
export const POSTING_CUT_OFF_HOUR = 12;
export const POST_DELIVERY_WORKING_DAYS = 2;

export type SheetDelivery = "email" | "post";

export interface DeliveryEstimate {
  delivery: SheetDelivery;
  /** The day it leaves us. */
  sendOn: IsoDate;
  /** The last day it is expected to arrive. */
  arrivesBy: IsoDate;
  /** Null without a funeral date; otherwise whether it arrives by the day before. */
  inTimeForFuneral: boolean | null;
  /** What the donor reads, in Swedish. */
  message: string;
}

const dayFormat = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** "fredag 27 november" */
export function formatSwedishDay(date: IsoDate): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** `paid`: the gift is paid already (a receipt, an order page after payment), so the sheet is on its way, not waiting. */
export function estimateSheetDelivery(now: Date, delivery: SheetDelivery, funeralDate: IsoDate | null, paid = false): DeliveryEstimate {
  const today = swedishDate(now);
  if (delivery === "email") {
    const inTime = funeralDate ? daysBetween(today, funeralDate) >= 0 : null;
    return {
      delivery,
      sendOn: today,
      arrivesBy: today,
      inTimeForFuneral: inTime,
      message: paid
        ? "Minnesbladet skickas med e-post inom några minuter."
        : "Minnesbladet skickas med e-post så snart gåvan är betald, och kommer fram direkt.",
    };
  }
  const postedToday = isWorkingDay(today) && swedishHour(now) < POSTING_CUT_OFF_HOUR;
  const sendOn = postedToday ? today : addWorkingDays(today, 1);
  const arrivesBy = addWorkingDays(sendOn, POST_DELIVERY_WORKING_DAYS);
  const inTime = funeralDate ? daysBetween(arrivesBy, funeralDate) >= 1 : null;
  const base = `Minnesbladet postas ${formatSwedishDay(sendOn)} och kommer fram senast ${formatSwedishDay(arrivesBy)}.`;
  const message =
    inTime === false
      ? `${base} Begravningen är ${formatSwedishDay(funeralDate as IsoDate)}, så med post hinner det troligen inte fram i tid. Välj e-post till familjen eller begravningsbyrån, så kommer det fram direkt.`
      : base;
  return { delivery, sendOn, arrivesBy, inTimeForFuneral: inTime, message };
}
