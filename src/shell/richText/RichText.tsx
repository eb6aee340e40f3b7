/**
 * Shows rich text (a notice body, a report's help document). The server sanitises bodies when they are saved; they are sanitised again
 * here because the portal may be pointed at another back end, and rows written before the
 * server-side rule existed must be just as inert. DOMPurify sanitises with the browser's own
 * parser (so it sees the markup exactly as the browser would) and is the best-kept library for it.
 */
import DOMPurify from 'dompurify';
import './richText.css';

const purifier = DOMPurify();
// Links open in a new window without handing it this window (window.opener).
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ?? 'home-rich-text'} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
