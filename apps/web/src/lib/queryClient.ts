import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { showFail } from './feedback';

/** The app's one query cache: the page tree's provider and the message banner's own root share it. */
export const queryClient = new QueryClient({
  // A user's action that could not reach the server says so once; background queries stay quiet
  // (their pages show an error state), so an offline phone is not flooded with toasts.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isApiError(error) && error.isNetwork) showFail(error.mesg);
    },
  }),
  defaultOptions: {
    queries: {
      // An envelope error is the server's answer and will not change by asking again; a network one might.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.isNetwork,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
