import { useEffect, useState } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HeaderButton } from './HeaderButton';

/** Whole-page full screen; follows the browser too (Esc leaves full screen without a click). */
export function FullscreenButton() {
  const { t } = useTranslation('shell');
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const follow = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.();
  };
  return (
    <HeaderButton
      label={t(fullscreen ? 'header.exitFullscreen' : 'header.fullscreen')}
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
