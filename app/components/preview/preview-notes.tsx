/**
 * Under a document's live preview (memorial sheet, greeting card, gift
 * documents): a word when the preview could not be made – the document is
 * still made as written – and, before JavaScript runs or without it, the
 * "Förhandsgranska" button that re-renders the page with the preview image.
 */
export function PreviewNotes({ failed, hydrated, documentName }: { failed: boolean; hydrated: boolean; documentName: string }) {
  return (
    <>
      {failed && (
        <p className="field__hint" role="status">
          Förhandsvisningen kunde inte visas just nu. {documentName} blir ändå som du har skrivit.
        </p>
      )}
      {!hydrated && (
        <button type="submit" name="intent" value="preview" className="button button--secondary" formNoValidate>
          Förhandsgranska
        </button>
      )}
    </>
  );
}
