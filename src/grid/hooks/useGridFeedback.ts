import { useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS, NOTICE_SECONDS } from '../../core/noticeDurations';

export interface ConfirmOptions {
  content: string;
  onOk(): unknown;
  onCancel?(): unknown;
  /** Labels of the two buttons; default 'OK' / 'Cancel'. */
  okText?: string;
  cancelText?: string;
}

/**
 * The grid's notices and confirmations through antd's App context (theme and locale follow the
 * app; static `message` would not, see STACK.md).
 */
export function useGridFeedback() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation('grid');
  return useMemo(
    () => ({
      success: (content: string) => void message.success({ content, duration: NOTICE_SECONDS }),
      warning: (content: string) => void message.warning({ content, duration: NOTICE_SECONDS }),
      // An error stays the spec's 5 s (§9), longer than the other notices.
      error: (content: string) => void message.error({ content, duration: ERROR_TOAST_SECONDS }),
      confirm: ({ content, onOk, onCancel, okText, cancelText }: ConfirmOptions) =>
        modal.confirm({
          title: t('confirm.title'),
          content,
          okText: okText ?? t('actions.ok'),
          cancelText: cancelText ?? t('actions.cancel'),
          // A failed call was shown by the api layer; the confirmation just closes (no unhandled rejection).
          onOk: () => Promise.resolve(onOk()).catch(() => {}),
          onCancel,
        }),
    }),
    [message, modal, t],
  );
}
