import { useCallback, useEffect, useState } from 'react';

export function useFullScreen() {
  const [fullScreen, setFullScreen] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setFullScreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onToggle = useCallback(() => {
    const action = document.fullscreenElement ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    action?.catch((e: unknown) => console.error(e));
  }, []);

  return { fullScreen, onToggle };
}
