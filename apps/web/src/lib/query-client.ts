/** The query client. Answers depend on the current role; a role switch resets the cache. */
import { QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The server answered: asking again gives the same answer. No answer: try once more.
      retry: (count, error) => httpStatusOf(error) === null && count < 1,
    },
    mutations: { retry: false },
  },
});
