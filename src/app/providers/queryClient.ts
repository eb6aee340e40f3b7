import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient for the app. No automatic retries: the api layer already shows every failed
 * call to the user (spec §8), so a retry would repeat the same error toast three times.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
