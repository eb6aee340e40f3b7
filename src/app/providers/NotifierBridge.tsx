import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { setNotifier } from '../../core/notifier';

/**
 * Hands antd's context-aware message/notification/modal to the api layer, which has no React
 * context of its own. Static `message.error` would miss the theme and locale (STACK.md).
 */
export function NotifierBridge() {
  const { message, notification, modal } = AntdApp.useApp();
  useEffect(() => {
    setNotifier({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}
