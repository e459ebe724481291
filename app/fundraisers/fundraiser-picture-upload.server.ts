import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { clientIp } from "../donor/donor-session.server";
import { chosenFile, PICTURE_MESSAGES, PicturesBusyError, processUpload, type ProcessedPicture } from "#core/fundraisers/fundraiser-pictures";

export type PictureUpload = { kind: "none" } | { kind: "ok"; picture: ProcessedPicture } | { kind: "refused"; message: string; status: 400 | 429 | 503 };

/**
 * The picture a fundraiser's form sent (decision 0053), from the multipart
 * body server/page-requests.ts has already read within its upload limit:
 * counted per visitor, held to FUNDRAISER_PICTURE_MAX_KB, then decoded by the
 * container's bounded processor. A refusal is the field's Swedish message.
 */
export async function readPictureUpload(context: Readonly<RouterContextProvider>, formData: FormData, field = "pictureFile"): Promise<PictureUpload> {
  const file = chosenFile(formData.get(field));
  if (!file) return { kind: "none" };
  const { fundraiserPictures } = context.get(containerContext);
  if (!(await fundraiserPictures.uploads.hit(clientIp(context)))) return { kind: "refused", message: PICTURE_MESSAGES.uploadLimited, status: 429 };
  try {
    const processed = await processUpload(fundraiserPictures.processor, new Uint8Array(await file.arrayBuffer()), { maxBytes: fundraiserPictures.maxBytes });
    return processed.ok ? { kind: "ok", picture: processed.picture } : { kind: "refused", message: processed.message, status: 400 };
  } catch (error) {
    if (error instanceof PicturesBusyError) return { kind: "refused", message: error.message, status: 503 };
    throw error;
  }
}
