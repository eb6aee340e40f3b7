import { useCallback, useEffect, useState } from 'react';

/**
 * The grid's full screen (spec §4): a toggle that also puts the browser in full screen. Entering
 * resizes the window once; the second resize means the user left the browser's full screen (Esc),
 * so the grid leaves too.
 */
export function useGridFullscreen() {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    if (!fullscreen) return;
    let resizes = 0;
    const onResize = () => {
      resizes += 1;
      if (resizes >= 2) setFullscreen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fullscreen]);

  const toggle = useCallback(() => {
    if (fullscreen) {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    } else {
      void document.documentElement.requestFullscreen?.().catch(() => {});
    }
    setFullscreen(!fullscreen);
  }, [fullscreen]);

  return { fullscreen, toggle };
}
