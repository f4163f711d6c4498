import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';

export const PROGRESS_FINISH_MS = 300;

/** A top progress bar: starts on each path change and finishes 300 ms later. */
export function ProgressBar() {
  const { pathname } = useLocation();
  const [active, setActive] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setActive(true);
    const timer = setTimeout(() => setActive(false), PROGRESS_FINISH_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!active) return null;
  return (
    <LinearProgress
      data-testid="route-progress"
      aria-hidden
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 2.5,
        zIndex: 9999,
      }}
    />
  );
}
