/**
 * Whether the browser is printing the page: true from its `beforeprint` to its
 * `afterprint`, for a print button and for the browser's own Print alike. The change is
 * rendered before the browser lays the page out for paper, so a screen that shows one
 * page of a long list on screen can print the whole list.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
