/** Spec §5 "Rich-text editor: one image at most": the editor (notices, report help documents) and the server hold to it. */
export const RICH_TEXT_MAX_IMAGES = 1;

/** The images of sanitised rich text (its `<img>` tags; text that reads `<img` is escaped by then). */
export const richTextImageCount = (html: string): number => html.match(/<img\b/gi)?.length ?? 0;
