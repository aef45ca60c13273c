import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFound } from './components/not-found';
import { noteNavigation } from './lib/page-focus';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

// After a move to another page, focus goes to that page's heading.
router.subscribe('onBeforeNavigate', noteNavigation);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
