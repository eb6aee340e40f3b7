/**
 * Notice bodies are rich text from an editor, shown as HTML to every user of the plant: a stored
 * cross-site-scripting risk. They are cleaned here before they are stored (and the portal cleans
 * them again on display). sanitize-html works on a parser, not on regular expressions, and keeps
 * only what an allow-list names: formatting tags, links to http(s)/mailto, and images. More images
 * than the editor allows (spec §5: one at most) are refused, not dropped: the writer would lose them.
 */
import sanitizeHtml from 'sanitize-html';
import { refuseExtraImages } from '../../../src/shared/rich-text.ts';

const ALLOWED_TAGS = [
  'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
];

/** A notice's body, sanitised; more than one image is refused with the notice's message. */
export function sanitizeNoticeHtml(html: string): string {
  const clean = sanitizeRichHtml(html);
  refuseExtraImages(clean, 'noticeTooManyImages', 'CONTENT');
  return clean;
}

/** Rich text from the portal's editor (notices, report help documents), sanitised; its images are its callers' to count. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Pasted screenshots arrive as data URLs; an <img> never runs script, whatever its source.
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    // Links open elsewhere without handing the portal's window to the target page.
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
    disallowedTagsMode: 'discard',
  });
}
