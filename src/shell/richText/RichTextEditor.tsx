/**
 * The portal's rich-text editor (spec §5 rich-text editor; notice bodies, report help documents): a
 * content-editable area with a small toolbar, default height 125, one image at most (a second is refused
 * with a message), and changes reported 400 ms after the last keystroke.
 * What it reports is already sanitised (the server sanitises again on save). A form that submits
 * reads the body through the handle's flush(): the last keystrokes may still be waiting out the delay.
 */
import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from './RichText';
import { RICH_TEXT_MAX_IMAGES } from '../../shared/rich-text';
import './richText.css';

export const EDITOR_DEFAULT_HEIGHT = 125;
export const EDITOR_CHANGE_DELAY_MS = 400;

/** Drops every image after the first one allowed (pasted or dropped content may bring several). */
export function limitImages(root: HTMLElement): boolean {
  const extra = [...root.querySelectorAll('img')].slice(RICH_TEXT_MAX_IMAGES);
  extra.forEach((img) => img.remove());
  return extra.length > 0;
}

const TOOL_COMMANDS = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  bulletList: 'insertUnorderedList',
  numberedList: 'insertOrderedList',
} as const;

type ToolKey = keyof typeof TOOL_COMMANDS | 'link' | 'image';

const TOOLS: { key: ToolKey; icon: ReactNode }[] = [
  { key: 'bold', icon: <BoldOutlined /> },
  { key: 'italic', icon: <ItalicOutlined /> },
  { key: 'underline', icon: <UnderlineOutlined /> },
  { key: 'bulletList', icon: <UnorderedListOutlined /> },
  { key: 'numberedList', icon: <OrderedListOutlined /> },
  { key: 'link', icon: <LinkOutlined /> },
  { key: 'image', icon: <PictureOutlined /> },
];

export interface RichTextEditorHandle {
  /** Reports a change still waiting for the delay now (onChange) and returns the sanitised body. */
  flush(): string;
}

export interface RichTextEditorProps {
  initialValue?: string;
  /** The sanitised body, once the typing has paused (a caller may read it with flush() instead). */
  onChange?(html: string): void;
  /** Called at once on every edit, before the delayed onChange: a dialog that keeps what was typed knows at the first key. */
  onEdit?(): void;
  height?: number;
  label: string;
  /** The editing area's id: a Form.Item named for the body gives it, so its label and a field mark find the area. */
  id?: string;
  ref?: Ref<RichTextEditorHandle>;
}

export function RichTextEditor({ initialValue = '', onChange, onEdit, height = EDITOR_DEFAULT_HEIGHT, label, id, ref }: RichTextEditorProps) {
  const { t } = useTranslation('shell');
  const tooManyImages = () => t('editor.oneImage');
  const { message } = App.useApp();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  const latestOnEdit = useRef(onEdit);
  useEffect(() => {
    latestOnChange.current = onChange;
    latestOnEdit.current = onEdit;
  }, [onChange, onEdit]);

  useEffect(() => {
    if (area.current) area.current.innerHTML = sanitizeRichText(initialValue);
    // Only the first value: later ones come from the user typing here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changed = () => {
    const root = area.current;
    if (!root) return;
    if (limitImages(root)) message.warning(tooManyImages());
    latestOnEdit.current?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestOnChange.current?.(sanitizeRichText(root.innerHTML)), EDITOR_CHANGE_DELAY_MS);
  };

  useImperativeHandle(ref, () => ({
    flush() {
      const html = sanitizeRichText(area.current?.innerHTML ?? '');
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        timer.current = undefined;
        latestOnChange.current?.(html);
      }
      return html;
    },
  }), []);

  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    changed();
  };

  const insertImage = (file: File) => {
    if (area.current && area.current.querySelectorAll('img').length >= RICH_TEXT_MAX_IMAGES) {
      message.warning(tooManyImages());
      return;
    }
    const reader = new FileReader();
    reader.onload = () => run('insertImage', String(reader.result));
    reader.readAsDataURL(file);
  };

  const onTool = (key: ToolKey) => {
    if (key === 'image') fileInput.current?.click();
    else if (key === 'link') {
      const url = window.prompt(t('editor.linkPrompt'), 'https://');
      if (url && /^(https?:|mailto:)/i.test(url)) run('createLink', url);
    } else run(TOOL_COMMANDS[key]);
  };

  return (
    <div className="home-editor">
      <Space size={2} className="home-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
            <Button type="text" size="small" icon={tool.icon} aria-label={t(`editor.${tool.key}`)} onMouseDown={(e) => e.preventDefault()} onClick={() => onTool(tool.key)} />
          </Tooltip>
        ))}
      </Space>
      <div
        ref={area}
        id={id}
        className="home-editor-area home-rich-text"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        style={{ minHeight: height }}
        onInput={changed}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif"
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) insertImage(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
