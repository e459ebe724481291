import type { SearchDocument } from "../search/search-engine";

/**
 * The gift pages built in code (not Markdown) as search documents, so that a
 * donor who searches "swish", "ge pengar" or "gåva" finds the form itself.
 * The text is what a donor would search for, not marketing copy.
 */
export const GIFT_SEARCH_DOCUMENTS: readonly SearchDocument[] = [
  {
    id: "gift:sv:ge-en-gava",
    url: "/ge-en-gava",
    title: "Ge en gåva",
    body:
      "Ge en gåva till forskning om hjärt- och lungsjukdomar. Välj belopp och betala direkt med Swish. " +
      "Engångsgåva, skänka pengar, donera, stödja forskningen. Kvitto via e-post. Skattereduktion med personnummer.",
    kind: "gift",
    lang: "sv",
  },
  {
    id: "gift:sv:ge-en-gava-minnesgava",
    url: "/ge-en-gava/minnesgava",
    title: "Ge en minnesgåva",
    body:
      "Ge en gåva till minne av någon som har gått bort. Sök i dödsannonser, skriv en hälsning och välj motiv på minnesbladet. " +
      "Minnesblad till begravningsbyrån eller familjen med post eller e-post. Begravning, kondoleans, hedra, minnas, i stället för blommor.",
    kind: "gift",
    lang: "sv",
  },
];
