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

/** How an item reaches its recipient. */
export const ORDER_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  email: "E-post",
  post: "Post",
  download: "Nedladdning",
  funeral_parlour: "Begravningsbyrå",
};
