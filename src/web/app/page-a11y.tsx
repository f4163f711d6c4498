import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The page's heading: the first h1 of the main content (else of the page). */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`) ?? document.querySelector<HTMLElement>('h1');
}

/**
 * Every page's document title is its heading and the brand ("Users · Staffing Office"),
 * in the current language; it follows the heading as the page loads and the language changes.
 * After a route change (not the first load) focus moves to the new page's heading, unless
 * the page put it somewhere itself (a field with autofocus) — so a keyboard or screen-reader
 * user starts on the new page instead of the link they left.
 */
export function PageA11y() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('auth');
  const brand = t('brand');
  const first = useRef(true);

  // The title: whenever the heading's text changes.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = pageHeading()?.textContent?.trim();
      const title = heading && heading !== brand ? `${heading} · ${brand}` : brand;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [brand, i18n.language]);

  // Focus: to the new page's heading once it is on screen.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const from = document.activeElement;
    let done = false;
    const tryFocus = () => {
      if (done) return true;
      const heading = pageHeading();
      if (!heading) return false;
      done = true;
      const active = document.activeElement;
      // The new page focused something itself (an autofocus field): leave it there.
      if (active && active !== from && active !== document.body && heading.closest(`#${MAIN_CONTENT_ID}`)?.contains(active)) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname]);

  return null;
}

/** "Skip to main content": the first stop of the keyboard, shown when focused. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
