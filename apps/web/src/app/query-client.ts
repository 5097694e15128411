import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/errors.ts';

/** Answers the server gave on purpose (4xx) are not retried; lost connections are, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
