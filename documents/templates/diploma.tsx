import type { GiftDocumentData } from "#core/documents/document-renderer";
import { formatMoney } from "../design/format";
import { FramedDocument } from "./certificate";
import type { TemplateProps } from "./template";

/** The diploma (diplom): the certificate's frame, with a sentence that honours the recipient. */
export function diplomaSentence(amountOre: number | null, charityName: string): string {
  const gift = amountOre === null ? "en gåva" : `en gåva på ${formatMoney(amountOre)}`;
  return `Som ett tecken på uppskattning har ${gift} lämnats i ditt namn till forskningen om hjärt- och lungsjukdomar genom ${charityName}.`;
}

export function Diploma(props: TemplateProps<GiftDocumentData>) {
  return <FramedDocument {...props} title="Diplom" sentence={diplomaSentence(props.data.amountOre, props.site.name)} />;
}
