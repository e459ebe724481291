import { z } from "zod";

/**
 * The My data page's comment and erasure forms. The comment schema is also
 * what `POST /api/MyData/Comment` accepts, so page and API say the same
 * thing. (Corrections use `donorDetailsSchema` in core/donors.)
 */
export const COMMENT_MAX_LENGTH = 2000;

export const commentFormSchema = z.object({
  comment: z
    .string({ error: "Skriv en kommentar." })
    .trim()
    .min(1, "Skriv en kommentar.")
    .max(COMMENT_MAX_LENGTH, `Kommentaren får vara högst ${COMMENT_MAX_LENGTH} tecken.`),
});

/** Erasure cannot be undone: the donor ticks a box to say they mean it. */
export const eraseFormSchema = z.object({
  confirm: z.literal("on", { error: "Kryssa i rutan om du vill att vi raderar dina uppgifter." }),
});
