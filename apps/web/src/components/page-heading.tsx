import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { claimHeadingFocus } from '../lib/page-focus';

/**
 * The heading every screen starts with: the page's one h1 (the top bar holds the page
 * title as plain text). It takes focus after a navigation (lib/page-focus.ts), so it
 * can be focused from code (tabIndex -1) without being a stop for Tab.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (claimHeadingFocus(document.activeElement, document.body)) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Title ref={ref} order={1} size="h2" mb="md" tabIndex={-1} data-page-heading="">
      {children}
    </Title>
  );
}
