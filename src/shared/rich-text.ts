import { Refusal } from './messages/refusal.ts';

/** Spec §5 "Rich-text editor: one image at most": the editor (notices, report help documents) and the server hold to it. */
export const RICH_TEXT_MAX_IMAGES = 1;

/** The images of sanitised rich text (its `<img>` tags; text that reads `<img` is escaped by then). */
export const richTextImageCount = (html: string): number => html.match(/<img\b/gi)?.length ?? 0;

/**
 * Refuses rich text with more images than the editor allows, with the message of what it is, rather than
 * dropping the extra ones: the writer would lose the images they chose without a word. Placed on `field`, the
 * request's rich-text field (a notice's CONTENT), for the form to mark. The reference server
 * asks it of the sanitised text; the mocks, which cannot run sanitize-html, of the editor's text as sent.
 */
export function refuseExtraImages(html: string, messageKey: 'richTextTooManyImages' | 'noticeTooManyImages', field: string): void {
  if (richTextImageCount(html) > RICH_TEXT_MAX_IMAGES) throw new Refusal(400, messageKey, { max: RICH_TEXT_MAX_IMAGES }, { Field: field });
}
