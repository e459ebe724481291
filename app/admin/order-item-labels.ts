/** The back office's words for what an order item is and where it stands. */
export const ORDER_ITEM_KIND_LABELS: Readonly<Record<string, string>> = {
  memorial_sheet: "Minnesblad",
  greeting_card: "Gratulationskort",
  gift_card: "Gåvokort",
  gift_certificate: "Gåvobevis",
  diploma: "Diplom",
  article: "Artikel",
};

export const ORDER_ITEM_STATUS_LABELS: Readonly<Record<string, string>> = {
  created: "Väntar på betalning",
  ready: "Att skicka",
  sent: "Skickat",
  failed: "Misslyckat",
  cancelled: "Stoppat",
};
